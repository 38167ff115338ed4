//! `tablic_result_message`: a result code's message for C, written like every other text.

use core::ffi::c_char;

use crate::boundary::with_boundary;
use crate::result::tablic_result;
use crate::text::write_text;

/// Writes the message of `result` (any number: unknown codes are described as such) into
/// `buffer` as NUL-terminated UTF-8, and its length without the NUL into `*length`.
///
/// When `capacity` is too small, nothing is written to `buffer`, `*length` is the length
/// needed (without the NUL) and the call returns `TABLIC_RESULT_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buffer` must be valid for `capacity` bytes of writes; `length` must be valid or `NULL`.
#[no_mangle]
pub unsafe extern "C" fn tablic_result_message(
    result: u32,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    with_boundary(|| {
        let known = tablic_result::ALL.get(result as usize).copied();
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            match known {
                Some(code) => write_text(buffer, capacity, length, code.message()),
                None => write_text(
                    buffer,
                    capacity,
                    length,
                    format_args!("unknown tablic result code {result}"),
                ),
            }
        }
    })
}
