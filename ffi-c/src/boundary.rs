//! The edge of every exported function: the panic boundary and the checks on raw pointers.

use crate::result::tablic_result;

/// Runs an exported function's body and turns its outcome into a result code. With `std`,
/// a panic is caught here instead of unwinding into C (which would be undefined behaviour).
pub(crate) fn with_boundary(body: impl FnOnce() -> Result<(), tablic_result>) -> tablic_result {
    #[cfg(feature = "std")]
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body))
        .unwrap_or(Err(tablic_result::Panic));
    #[cfg(not(feature = "std"))]
    let outcome = body();
    match outcome {
        Ok(()) => tablic_result::Ok,
        Err(code) => code,
    }
}

/// The object behind a handle or input pointer, or `NullArgument`.
///
/// # Safety
/// A non-null `pointer` must point to a live, initialised `T` that nothing mutates for `'a`.
pub(crate) unsafe fn borrow<'a, T>(pointer: *const T) -> Result<&'a T, tablic_result> {
    // SAFETY: the caller's guarantee.
    unsafe { pointer.as_ref() }.ok_or(tablic_result::NullArgument)
}

/// The object behind a handle, for changing it, or `NullArgument`.
///
/// # Safety
/// A non-null `pointer` must point to a live, initialised `T` that nothing else uses for `'a`.
pub(crate) unsafe fn borrow_mut<'a, T>(pointer: *mut T) -> Result<&'a mut T, tablic_result> {
    // SAFETY: the caller's guarantee.
    unsafe { pointer.as_mut() }.ok_or(tablic_result::NullArgument)
}

/// Fails with `NullArgument` unless `pointer` is non-null: outputs are checked before any
/// work, so a failing call changes nothing.
pub(crate) fn require<T>(pointer: *const T) -> Result<(), tablic_result> {
    if pointer.is_null() {
        Err(tablic_result::NullArgument)
    } else {
        Ok(())
    }
}

/// Writes `value` to an output parameter that may be uninitialised.
///
/// # Safety
/// A non-null `pointer` must be valid and aligned for a write of `T`.
pub(crate) unsafe fn write_out<T>(pointer: *mut T, value: T) -> Result<(), tablic_result> {
    require(pointer)?;
    // SAFETY: non-null, and valid by the caller's guarantee; `write` drops no old value.
    unsafe { pointer.write(value) };
    Ok(())
}

/// Writes `value` to an output parameter that the caller may leave `NULL`.
///
/// # Safety
/// As [`write_out`].
pub(crate) unsafe fn write_optional<T>(pointer: *mut T, value: T) {
    if !pointer.is_null() {
        // SAFETY: the caller's guarantee.
        unsafe { pointer.write(value) };
    }
}

/// A caller's array of `capacity` items as a slice to fill; `NULL` is allowed when
/// `capacity` is 0.
///
/// # Safety
/// A non-null `pointer` must be valid and aligned for writes of `capacity` items of `T`.
pub(crate) unsafe fn output_slice<'a, T: Copy>(
    pointer: *mut T,
    capacity: usize,
) -> Result<&'a mut [core::mem::MaybeUninit<T>], tablic_result> {
    if capacity == 0 {
        return Ok(&mut []);
    }
    require(pointer)?;
    // SAFETY: non-null, valid for `capacity` writes (caller's guarantee); `MaybeUninit`
    // makes no claim that the items are initialised.
    Ok(unsafe { core::slice::from_raw_parts_mut(pointer.cast(), capacity) })
}

/// Writes `items` into a caller's array: the first `capacity` into `pointer`, how many there
/// are into `*count`, and `BufferTooSmall` when they did not all fit.
///
/// # Safety
/// A non-null `pointer` must be valid for `capacity` writes; `count` valid for a write.
pub(crate) unsafe fn fill<T: Copy>(
    pointer: *mut T,
    capacity: usize,
    count: *mut usize,
    items: impl ExactSizeIterator<Item = T>,
) -> Result<(), tablic_result> {
    require(count)?;
    let found = items.len();
    // SAFETY: the caller's guarantees.
    unsafe {
        let slots = output_slice(pointer, capacity)?;
        for (slot, item) in slots.iter_mut().zip(items) {
            slot.write(item);
        }
        write_out(count, found)?;
    }
    if found > capacity {
        return Err(tablic_result::BufferTooSmall);
    }
    Ok(())
}
