/*
 * LD_PRELOAD shim that makes games seeded with srand(time(NULL)) deterministic:
 * srand(anything) becomes srand($MINEBOT_SEED) when that variable is set.
 * Used for xdemineur, which has no seed option. Build: see build-shim.sh.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>

void srand(unsigned int seed)
{
    static void (*real_srand)(unsigned int) = NULL;
    const char *env = getenv("MINEBOT_SEED");
    if (!real_srand) real_srand = (void (*)(unsigned int))dlsym(RTLD_NEXT, "srand");
    if (env && *env) seed = (unsigned int)strtoul(env, NULL, 10);
    real_srand(seed);
}
