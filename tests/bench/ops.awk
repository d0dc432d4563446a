# SPDX-License-Identifier: MIT
# make bench-ops: the table of instructions per operation.  The first
# file is what tests/bench/ops printed (function, operations, target,
# what); the second callgrind_annotate --inclusive=yes of its run.  A
# target is a count ("300"), a ratio to another row ("1.3x@op_eased"), or
# "-" for none.
FNR == NR {
  div[$1] = $2
  tgt[$1] = $3
  what = $4
  for (i = 5; i <= NF; i++)
    what = what " " $i
  name[$1] = what
  order[++n] = $1
  next
}
{
  for (i = 1; i <= NF; i++)
    if (match($i, /:op_[a-z0-9_]+$/)) {
      f = substr($i, RSTART + 1)
      c = $1
      gsub(/,/, "", c)
      if (!(f in count))
        count[f] = c + 0
    }
}
END {
  printf "%-48s %12s %12s %4s\n", "operation", "instructions", "target", "met"
  bad = 0
  for (k = 1; k <= n; k++) {
    f = order[k]
    if (!(f in count) || div[f] == 0) {
      printf "%-48s %12s\n", name[f], "?"
      bad = 1
      continue
    }
    per[f] = count[f] / div[f]
  }
  for (k = 1; k <= n; k++) {
    f = order[k]
    if (!(f in per))
      continue
    t = tgt[f]
    met = ""
    shown = "-"
    if (t ~ /^[0-9.]+x@op_/) {
      split(t, p, "x@")
      if (p[2] in per) {
        lim = p[1] * per[p[2]]
        shown = sprintf("%.1f", lim)
        met = per[f] <= lim ? "yes" : "NO"
      }
    } else if (t != "-") {
      shown = t
      met = per[f] <= t + 0 ? "yes" : "NO"
    }
    printf "%-48s %12.1f %12s %4s\n", name[f], per[f], shown, met
  }
  exit bad
}
