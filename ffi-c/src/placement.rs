//! Where a handle lives: the caller's storage, or memory the library allocated (`std`
//! builds only), so that one free function per handle type releases either kind.

use crate::boundary::{require, write_out};
use crate::result::tablic_result;

/// Whose memory a handle lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placement {
    /// The caller's storage: the caller keeps it.
    Caller,
    /// Allocated by the library: freed with the handle.
    Library,
}

/// Moves a handle into memory of the library's.
#[cfg(feature = "std")]
pub(crate) fn allocate<T>(handle: T) -> Result<*mut T, tablic_result> {
    Ok(std::boxed::Box::into_raw(std::boxed::Box::new(handle)))
}

/// Without `std` there is no allocator: the caller must give memory.
#[cfg(not(feature = "std"))]
pub(crate) fn allocate<T>(_: T) -> Result<*mut T, tablic_result> {
    Err(tablic_result::NoAllocator)
}

/// Puts the handle `make` builds into the caller's `storage` or, when that is `NULL`, into
/// memory the library allocates; and the handle's address into `*out`.
///
/// # Safety
/// A non-null `storage` must be valid for writes of an `S` that holds no live handle, and
/// an `S` must be big enough for an `H` (each handle type asserts it at compile time);
/// `out` valid for a write.
pub(crate) unsafe fn place<S, H>(
    storage: *mut S,
    make: impl FnOnce(Placement) -> H,
    out: *mut *mut H,
) -> Result<(), tablic_result> {
    require(out)?;
    let handle = if storage.is_null() {
        allocate(make(Placement::Library))?
    } else {
        let handle = storage.cast::<H>();
        if !handle.is_aligned() {
            return Err(tablic_result::Misaligned);
        }
        // SAFETY: big enough (asserted with the handle type), aligned (checked above) and
        // valid for writes (caller's guarantee).
        unsafe { handle.write(make(Placement::Caller)) };
        handle
    };
    // SAFETY: the caller's guarantee.
    unsafe { write_out(out, handle) }
}

/// Releases a handle placed by [`place`]: `NULL` does nothing.
///
/// # Safety
/// A non-null `handle` must be live, with `placement` saying where it lives, and never
/// used again.
pub(crate) unsafe fn free<H>(handle: *mut H, placement: impl FnOnce(&H) -> Placement) {
    // SAFETY: live (caller's guarantee).
    if let Some(live) = unsafe { handle.as_ref() } {
        let placement = placement(live);
        // SAFETY: live, placed as it says, never used again (caller's guarantee).
        unsafe { release(handle, placement) };
    }
}

/// Ends a handle: frees it if [`allocate`] made it, else only drops it in place.
///
/// # Safety
/// `handle` must be live, placed as `placement` says, and never used again.
pub(crate) unsafe fn release<T>(handle: *mut T, placement: Placement) {
    match placement {
        #[cfg(feature = "std")]
        // SAFETY: made by `Box::into_raw` in `allocate` (caller's guarantee).
        Placement::Library => drop(unsafe { std::boxed::Box::from_raw(handle) }),
        // SAFETY: live and never used again (caller's guarantee). Without `std`, nothing is
        // ever `Library`: `allocate` fails.
        _ => unsafe { handle.drop_in_place() },
    }
}
