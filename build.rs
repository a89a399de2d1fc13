//! Rebuild the `tessel` binary when a bundled ruleset or library file changes, since they
//! are embedded in it.
fn main() {
    println!("cargo:rerun-if-changed=rulesets");
    println!("cargo:rerun-if-changed=stdlib");
}
