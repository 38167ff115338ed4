//! `tablic`: the command; everything it does is in the library (`lib.rs`).

fn main() -> std::process::ExitCode {
    tablic_cli::main()
}
