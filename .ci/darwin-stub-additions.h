/* Appended by .ci/apple-typecheck to the shared Darwin stand-in (../shared/tools/
   apple-availability/darwin-stub/darwin_stub.h) for the declarations the demo and
   LockedValue add,
   transcribed from the macOS SDK (sys/ttycom.h, pthread.h, unistd.h) and the Swift Darwin
   overlay. */
struct winsize {
  unsigned short ws_row;
  unsigned short ws_col;
  unsigned short ws_xpixel;
  unsigned short ws_ypixel;
};
/* sys/ioctl.h declares `int ioctl(int, unsigned long, ...)`; Swift cannot call a C
   variadic, and the Darwin overlay gives Swift `ioctl(_: CInt, _: UInt, _:
   UnsafeMutableRawPointer) -> CInt`, which this fixed-arity declaration imports as. */
int ioctl(int, unsigned long, void *);
/* stdio.h: the demo writes its trace and timeline files (DemoTraces.swift). */
typedef struct __sFILE FILE;
FILE *fopen(const char *restrict, const char *restrict);
size_t fwrite(const void *restrict, size_t, size_t, FILE *restrict);
int fclose(FILE *);
/* pthread.h: a debug build's LockedValue makes its mutex check its holder. */
#define PTHREAD_MUTEX_ERRORCHECK 1
int pthread_mutexattr_init(pthread_mutexattr_t *);
int pthread_mutexattr_destroy(pthread_mutexattr_t *);
int pthread_mutexattr_settype(pthread_mutexattr_t *, int);
/* unistd.h: the lock's exit test ends a deadlocked child process with an alarm. */
unsigned int alarm(unsigned int);
