//! The library's version, as a string and as header macros.

use core::ffi::c_char;

/// Major version of the library this header belongs to.
pub const TABLIC_VERSION_MAJOR: u32 = 0;
/// Minor version of the library this header belongs to.
pub const TABLIC_VERSION_MINOR: u32 = 1;
/// Patch version of the library this header belongs to.
pub const TABLIC_VERSION_PATCH: u32 = 0;

/// The version string, NUL-terminated: Cargo's, so the macros are checked against it.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library's version, `"MAJOR.MINOR.PATCH"`: static, NUL-terminated, never `NULL`.
/// Compare it with the `TABLIC_VERSION_*` macros to catch a header/library mismatch.
#[no_mangle]
pub extern "C" fn tablic_version() -> *const c_char {
    VERSION.as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macros_match_cargo_toml() {
        let expected = [
            env!("CARGO_PKG_VERSION_MAJOR"),
            env!("CARGO_PKG_VERSION_MINOR"),
            env!("CARGO_PKG_VERSION_PATCH"),
        ];
        let macros = [
            TABLIC_VERSION_MAJOR,
            TABLIC_VERSION_MINOR,
            TABLIC_VERSION_PATCH,
        ];
        for (text, number) in expected.iter().zip(macros) {
            assert_eq!(text.parse::<u32>().unwrap(), number);
        }
    }

    #[test]
    fn version_string_is_nul_terminated() {
        // SAFETY: `tablic_version` returns a static NUL-terminated string.
        let text = unsafe { core::ffi::CStr::from_ptr(tablic_version()) };
        assert_eq!(text.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
