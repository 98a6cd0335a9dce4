/*
 * LD_PRELOAD shim that makes GNOME Mines' mine layout deterministic: its calls of
 * g_random_int_range() (GLib's global generator, seeded from /dev/urandom) are answered from a
 * small generator seeded with $MINEBOT_SEED, when that variable is set. Only calls made by the
 * gnome-mines executable itself are answered here (GTK's own calls go to GLib), so the layout
 * depends on the seed and the first click only. Built by x11.ts (grandShim) with gcc.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t (*range_fn)(int32_t, int32_t);

static uint64_t state;
static int seeded = 0;

/* splitmix64: tiny, and good enough to place mines. */
static uint64_t next64(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int from_game(void *caller)
{
    Dl_info info;
    if (!dladdr(caller, &info) || !info.dli_fname) return 0;
    const char *name = strrchr(info.dli_fname, '/');
    name = name ? name + 1 : info.dli_fname;
    return strcmp(name, "gnome-mines") == 0;
}

int32_t g_random_int_range(int32_t begin, int32_t end)
{
    static range_fn real = NULL;
    const char *env = getenv("MINEBOT_SEED");
    if (!real) real = (range_fn)dlsym(RTLD_NEXT, "g_random_int_range");
    if (!env || !*env || end <= begin || !from_game(__builtin_return_address(0))) return real(begin, end);
    if (!seeded) {
        state = strtoull(env, NULL, 10);
        seeded = 1;
    }
    return begin + (int32_t)(next64() % (uint64_t)(end - begin));
}
