/// The one switch over SimdUnbox's reliance on layouts that the standard library and the Swift
/// runtime do not promise. Four places use them, each only after checking the layout it expects,
/// and each for a measured gain (instructions per decode or encode, `scripts/instructions.sh`,
/// with the switch on and off):
///
/// - `SimdJSONDecoder` reuses the boxes of `KeyedDecodingContainer`s (a struct whose only stored
///   property is a reference to its box, checked once by reflection): twitter.json 13.64M instructions
///   against 18.42M without them (-26%), citm_catalog.json 38.17M against 63.87M (-40%).
/// - `SimdJSONDecoder` tells an enum key type by its metadata's kind word (0x201), to read its
///   names by its byte (`KeyNames`): part of the same figures.
/// - `SimdJSONEncoder` reuses the boxes of `KeyedEncodingContainer`s (checked the same way):
///   1 MB of records as JSON Lines 24.15M against 35.70M instructions (-32%), twitter.json 7.02M
///   against 9.99M (-30%).
/// - `SimdJSONDecoder` writes a `DecodingError` into the box of the last one it threw once
///   nothing else holds that box (`CodableSession.thrown`; the box's layout is found by a probe
///   and its type checked at each reuse): github_events.json through the free-form `Payload`
///   `try?` chain 4.78M instructions against 5.08M with a new box per error (-6%).
///
/// Built with `-DSIMDUNBOX_NO_LAYOUT_TRICKS` (`swift build -Xswiftc -DSIMDUNBOX_NO_LAYOUT_TRICKS`),
/// SimdUnbox relies on none of them: every container and error box is made anew, and keys are
/// read by name.
/// CI runs the differential tests against Foundation that way too.
#if SIMDUNBOX_NO_LAYOUT_TRICKS
    let reliesOnPrivateLayouts = false
#else
    let reliesOnPrivateLayouts = true
#endif
