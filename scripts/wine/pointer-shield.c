/*
 * pointer-shield: an input-only X window over the whole screen, kept on top, for the Windows
 * test bench (scripts/windows-e2e.sh) only.
 *
 * Under Wine on X11, a program that moves the pointer with SendInput (nut.js's win32 module)
 * has Wine warp the X pointer; the X server then reports that motion to the Wine window under
 * the pointer, and Wine feeds it back as input a moment later, so the pointer seems to jump back
 * to where it was. minebot rightly reads that as the user taking the mouse and stops. Windows
 * itself has no such echo. This window, over everything, receives those X events instead of
 * Wine's windows (the game still gets the bot's clicks: SendInput goes to Wine's own queue, not
 * through X) and draws nothing, so screenshots are unchanged.
 *
 * Built with gcc and Xlib (Debian's gcc and libx11-dev):
 *   gcc -O2 -o pointer-shield pointer-shield.c -lX11
 * Run with DISPLAY set; it prints "ready" once the window is mapped, then runs until killed.
 */
#include <X11/Xlib.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  Display *dpy = XOpenDisplay(NULL);
  if (!dpy) {
    fprintf(stderr, "pointer-shield: cannot open display %s\n", XDisplayName(NULL));
    return 1;
  }
  int screen = DefaultScreen(dpy);
  XSetWindowAttributes attrs;
  attrs.override_redirect = True; /* no window manager places or frames it */
  attrs.event_mask = PointerMotionMask | ButtonPressMask | ButtonReleaseMask | EnterWindowMask | LeaveWindowMask;
  Window w = XCreateWindow(dpy, RootWindow(dpy, screen), 0, 0, DisplayWidth(dpy, screen), DisplayHeight(dpy, screen), 0,
                           CopyFromParent, InputOnly, CopyFromParent, CWOverrideRedirect | CWEventMask, &attrs);
  XStoreName(dpy, w, "pointer-shield");
  XMapRaised(dpy, w);
  XSync(dpy, False);
  printf("ready\n");
  fflush(stdout);
  /* Stay on top of windows mapped later (a new game's window, a dialog): raise ten times a
     second, and drain the events this window takes. */
  for (;;) {
    while (XPending(dpy)) {
      XEvent ev;
      XNextEvent(dpy, &ev);
    }
    XRaiseWindow(dpy, w);
    XFlush(dpy);
    usleep(100000);
  }
}
