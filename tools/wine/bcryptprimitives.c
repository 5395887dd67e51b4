/* A TEST AID FOR WINE ONLY, NEVER SHIPPED (tools/windows.sh builds it apart from the
 * installer and the checks put it beside a copy of sabot.exe under wine).
 *
 * Rust's standard library fills its random seeds from ProcessPrng in
 * bcryptprimitives.dll (Windows 10 and later). Debian's wine 8 has no such export, so
 * sabot.exe stops before main. This stand-in exports ProcessPrng and draws the bytes
 * from RtlGenRandom (SystemFunction036 in advapi32), which wine has.
 * Build: x86_64-w64-mingw32-gcc -shared -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
