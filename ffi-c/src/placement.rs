//! Where a handle lives: the caller's storage, or memory the library allocated (`std`
//! builds only), so that one free function per handle type releases either kind.

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
