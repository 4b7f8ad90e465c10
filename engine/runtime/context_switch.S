// Stack switching for coroutines (coroutine.h) on x86-64 System V.
//
// backstep_switch_stack(void** save_sp, void* load_sp):
//   pushes the callee-saved registers and the SSE/x87 control words on the
//   current stack, stores the stack pointer in *save_sp, loads load_sp and
//   pops the same from there. A new stack is prepared (coroutine.cpp) so
//   that this "returns" into backstep_coroutine_trampoline with the
//   Coroutine* in r12.
#if defined(__x86_64__)
        .text
        .globl  backstep_switch_stack
        .type   backstep_switch_stack, @function
backstep_switch_stack:
        .cfi_startproc
        pushq   %rbp
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        subq    $8, %rsp
        stmxcsr (%rsp)
        fnstcw  4(%rsp)
        movq    %rsp, (%rdi)
        movq    %rsi, %rsp
        ldmxcsr (%rsp)
        fldcw   4(%rsp)
        addq    $8, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
        popq    %rbp
        ret
        .cfi_endproc
        .size   backstep_switch_stack, .-backstep_switch_stack

        .globl  backstep_coroutine_trampoline
        .type   backstep_coroutine_trampoline, @function
backstep_coroutine_trampoline:
        .cfi_startproc
        // The bottom of a coroutine's stack: nothing to unwind into.
        .cfi_undefined rip
        movq    %r12, %rdi
        call    backstep_coroutine_main
        ud2
        .cfi_endproc
        .size   backstep_coroutine_trampoline, .-backstep_coroutine_trampoline
#endif
        .section .note.GNU-stack,"",@progbits
