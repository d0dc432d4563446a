# SPDX-License-Identifier: MIT
# make bench-ops: the table of instructions per operation.  The first
# file is what tests/bench/ops printed (function, operations, what); the
# second callgrind_annotate --inclusive=yes of its run.
FNR == NR {
  div[$1] = $2
  what = $3
  for (i = 4; i <= NF; i++)
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
  printf "%-48s %12s\n", "operation", "instructions"
  bad = 0
  for (k = 1; k <= n; k++) {
    f = order[k]
    if (!(f in count) || div[f] == 0) {
      printf "%-48s %12s\n", name[f], "?"
      bad = 1
      continue
    }
    printf "%-48s %12.1f\n", name[f], count[f] / div[f]
  }
  exit bad
}
