//! Text across the boundary: NUL-terminated UTF-8 in, NUL-terminated UTF-8 out.

use core::ffi::{c_char, CStr};
use core::fmt::{self, Display, Write};

use crate::boundary::{output_slice, require, write_optional};
use crate::result::tablic_result;

/// A caller's NUL-terminated string as `&str`.
///
/// # Safety
/// A non-null `text` must point to a NUL-terminated string that lives and stays unchanged
/// for `'a`.
pub(crate) unsafe fn read_text<'a>(text: *const c_char) -> Result<&'a str, tablic_result> {
    require(text)?;
    // SAFETY: non-null and NUL-terminated by the caller's guarantee.
    let bytes = unsafe { CStr::from_ptr(text) };
    bytes.to_str().map_err(|_| tablic_result::InvalidUtf8)
}

/// Writes `text` and a NUL into `buffer`, and its length (without the NUL) into `*length`
/// (which may be `NULL`). When `capacity` is too small nothing goes into `buffer`,
/// `*length` gets the length needed and the result is `BufferTooSmall`.
///
/// # Safety
/// A non-null `buffer` must be valid for `capacity` bytes of writes; a non-null `length`
/// valid for a write.
pub(crate) unsafe fn write_text(
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
    text: impl Display,
) -> Result<(), tablic_result> {
    let mut counter = Counter(0);
    // Counting never fails: `Counter` accepts everything.
    let _ = write!(counter, "{text}");
    let needed = counter.0;
    // SAFETY: the caller's guarantee on `length`.
    unsafe { write_optional(length, needed) };
    if needed >= capacity {
        return Err(tablic_result::BufferTooSmall);
    }
    // SAFETY: the caller's guarantee on `buffer`.
    let slots = unsafe { output_slice(buffer.cast::<u8>(), capacity) }?;
    let mut writer = Truncating { slots, written: 0 };
    let _ = write!(writer, "{text}");
    writer.finish();
    Ok(())
}

/// Writes as much of `text` as fits (cut at a character boundary) and a NUL into an
/// optional message buffer: nothing when `buffer` is `NULL` or `capacity` is 0.
///
/// # Safety
/// A non-null `buffer` must be valid for `capacity` bytes of writes.
pub(crate) unsafe fn write_message(buffer: *mut c_char, capacity: usize, text: impl Display) {
    if buffer.is_null() || capacity == 0 {
        return;
    }
    // SAFETY: the caller's guarantee.
    if let Ok(slots) = unsafe { output_slice(buffer.cast::<u8>(), capacity) } {
        let mut writer = Truncating { slots, written: 0 };
        let _ = write!(writer, "{text}");
        writer.finish();
    }
}

/// Counts the bytes of formatted text.
struct Counter(usize);

impl Write for Counter {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0 += text.len();
        Ok(())
    }
}

/// Writes formatted text into a byte buffer, keeping the last byte for the NUL and
/// dropping whole characters that do not fit.
struct Truncating<'a> {
    slots: &'a mut [core::mem::MaybeUninit<u8>],
    written: usize,
}

impl Truncating<'_> {
    fn finish(self) {
        self.slots[self.written].write(0);
    }
}

impl Write for Truncating<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for character in text.chars() {
            let mut encoded = [0; 4];
            let bytes = character.encode_utf8(&mut encoded).as_bytes();
            if self.written + bytes.len() >= self.slots.len() {
                return Err(fmt::Error);
            }
            for &byte in bytes {
                self.slots[self.written].write(byte);
                self.written += 1;
            }
        }
        Ok(())
    }
}
