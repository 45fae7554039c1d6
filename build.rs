//! Link settings of the `c64kit` binary (docs/performance.md, "start-up").

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if !linux {
        return;
    }
    // The functions a build runs first in the code, together: the kernel maps
    // code 64 KiB around each page first run, and all of it counts in the RSS.
    let order = "link/assembler-first.ld";
    println!("cargo:rerun-if-changed={order}");
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    println!("cargo:rustc-link-arg-bins=-Wl,-T,{dir}/{order}");
    // Not position-independent: the code is compiled position-independent as
    // before, but the linker fixes every address, so no relocation table is read
    // and no page of pointers written at start (about 0.5 MB that every run
    // touched). The last of `-pie`/`-no-pie` counts.
    println!("cargo:rustc-link-arg-bins=-no-pie");
    // A link map beside the build script's output: `tools/gen-link-order` reads
    // it to name the read-only data a build reads (string literals and other
    // constants have no symbol in the binary, only their input section).
    if let Ok(out) = std::env::var("OUT_DIR") {
        println!("cargo:rustc-link-arg-bins=-Wl,-Map={out}/c64kit.map");
    }
}
