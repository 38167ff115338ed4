//! Gives libtablic.so its SONAME on Linux: `libtablic.so.0.1` while the version is 0.x
//! (where a minor version may break the ABI, as Cargo reads 0.x versions), `libtablic.so.N`
//! from 1.0 on. A program linked to it then asks for that name, so a library of another,
//! incompatible series is never loaded in its place.

fn main() {
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let series = match major {
        "0" => format!("0.{}", env!("CARGO_PKG_VERSION_MINOR")),
        _ => major.to_string(),
    };
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libtablic.so.{series}");
    }
}
