/* SPDX-License-Identifier: MIT */
/* The least a program needs on qemu's mps2-an386 (Cortex-M4F): a vector
 * table whose reset handler turns the FPU on, clears .bss, opens
 * semihosting's standard streams (newlib's librdimon) and calls main. */
#include <stdint.h>
#include <stdlib.h>

extern char __bss_start__[], __bss_end__[], __stack[];
extern void initialise_monitor_handles(void);
extern int main(void);
void tw_m4f_reset(void);
void tw_m4f_fault(void);

/* Any fault: say so on semihosting and stop qemu (exit status 1). */
void tw_m4f_fault(void) {
  static const char msg[] = "m4f: fault\n";
  /* SYS_WRITE0 (4), then SYS_EXIT (0x18) with a reason other than
   * ADP_Stopped_ApplicationExit, which qemu turns into status 1. */
  register uintptr_t r0 __asm__("r0") = 4;
  register uintptr_t r1 __asm__("r1") = (uintptr_t)msg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  r0 = 0x18;
  r1 = 0x20023; /* ADP_Stopped_RunTimeErrorUnknown */
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  for (;;) {
  }
}

void tw_m4f_reset(void) {
  char *p;

  /* CPACR: full access to CP10 and CP11, the FPU */
  *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  for (p = __bss_start__; p < __bss_end__; p++)
    *p = 0;
  initialise_monitor_handles();
  exit(main());
}

/* The initial stack pointer, the reset handler, then NMI, HardFault,
 * MemManage, BusFault and UsageFault. */
__attribute__((section(".vectors"), used)) static const uintptr_t vectors[7] = {
    (uintptr_t)__stack,      (uintptr_t)tw_m4f_reset, (uintptr_t)tw_m4f_fault,
    (uintptr_t)tw_m4f_fault, (uintptr_t)tw_m4f_fault, (uintptr_t)tw_m4f_fault,
    (uintptr_t)tw_m4f_fault};
