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
/* stdio.h: the test kit reads and writes schedules (Schedule.swift). */
size_t fread(void *restrict __ptr, size_t __size, size_t __nitems, FILE *restrict __stream);
int fputs(const char *restrict, FILE *restrict);
/* pthread.h (sys/_pthread/_pthread_types.h for the types; the opaque struct's fields are
   abridged): the schedule explorer's driver thread (DriverThread.swift). */
struct _opaque_pthread_t { long __sig; void *__cleanup_stack; char __opaque[8176]; };
struct _opaque_pthread_attr_t { long __sig; char __opaque[56]; };
typedef struct _opaque_pthread_t *__darwin_pthread_t;
typedef __darwin_pthread_t pthread_t;
typedef struct _opaque_pthread_attr_t pthread_attr_t;
int pthread_create(pthread_t _Nullable * _Nonnull __restrict,
                   const pthread_attr_t * _Nullable __restrict,
                   void * _Nullable (* _Nonnull)(void * _Nonnull),
                   void * _Nullable __restrict);
int pthread_detach(pthread_t _Nonnull);
/* unistd.h: the driver's pause while it waits for a job from outside. */
typedef unsigned int __darwin_useconds_t;
typedef __darwin_useconds_t useconds_t;
int usleep(useconds_t);
/* pthread.h (sys/_pthread/_pthread_key_t.h for the type): a debug build's LockedValue
   keeps, per thread, which roles of lock the thread holds (LockRole). */
typedef unsigned long __darwin_pthread_key_t;
typedef __darwin_pthread_key_t pthread_key_t;
int pthread_key_create(pthread_key_t *, void (* _Nullable)(void *));
void * _Nullable pthread_getspecific(pthread_key_t);
int pthread_setspecific(pthread_key_t, const void * _Nullable);
