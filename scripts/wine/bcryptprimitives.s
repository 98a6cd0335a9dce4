# A stand-in for Windows' bcryptprimitives.dll, for the test bench only (scripts/windows-e2e.sh).
#
# Windows 8.1 and later ship bcryptprimitives.dll with ProcessPrng, and sharp's win32 libvips
# imports it; Wine 8.0 (Debian bookworm's) has no such DLL (Wine 8.13 added one), so under Wine 8
# sharp cannot load. This DLL exports the one function, ProcessPrng, and fills the buffer from
# advapi32's SystemFunction036 (RtlGenRandom), Windows' and Wine's documented random source.
# It is never part of minebot's package: on Windows the real DLL is there.
#
#   BOOL WINAPI ProcessPrng(PBYTE pbData, SIZE_T cbData);       (always returns TRUE)
#   BOOLEAN WINAPI SystemFunction036(PVOID buf, ULONG len);
#
# Built by scripts/wine/build-bcryptprimitives.sh with Debian's binutils-mingw-w64-x86-64.

        .intel_syntax noprefix
        .text

        .globl  DllMain
DllMain:                                # BOOL WINAPI DllMain(HINSTANCE, DWORD, LPVOID): nothing to do
        mov     eax, 1
        ret

        .globl  ProcessPrng
ProcessPrng:                            # rcx = pbData, rdx = cbData
        push    rbx
        push    rsi
        push    rdi
        sub     rsp, 32                 # shadow space; rsp is 16-byte aligned at the calls below
        mov     rsi, rcx                # where the next bytes go
        mov     rdi, rdx                # bytes still to fill
1:      test    rdi, rdi
        jz      2f
        mov     rbx, rdi                # SystemFunction036 takes a ULONG: at most 1 GiB per call
        mov     eax, 0x40000000
        cmp     rbx, rax
        cmova   rbx, rax
        mov     rcx, rsi
        mov     edx, ebx
        call    [rip + __imp_SystemFunction036]
        add     rsi, rbx
        sub     rdi, rbx
        jmp     1b
2:      mov     eax, 1                  # ProcessPrng always succeeds
        add     rsp, 32
        pop     rdi
        pop     rsi
        pop     rbx
        ret
