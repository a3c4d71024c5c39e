/// The one switch over SimdUnbox's reliance on layouts that the standard library and the Swift
/// runtime do not promise. Each use checks the layout it expects first; the uses, what each relies
/// on and its measured gain are listed in the unsafe register (CONTRIBUTING.md, "Unsafe code"),
/// which `scripts/check-unsafe.sh` holds the sources to.
///
/// Built with `-DSIMDUNBOX_NO_LAYOUT_TRICKS` (`swift build -Xswiftc -DSIMDUNBOX_NO_LAYOUT_TRICKS`),
/// SimdUnbox relies on none of them: every container box is made anew, and keys are read and
/// written by name. CI runs the differential tests against Foundation that way too.
#if SIMDUNBOX_NO_LAYOUT_TRICKS
    let reliesOnPrivateLayouts = false
#else
    let reliesOnPrivateLayouts = true
#endif
