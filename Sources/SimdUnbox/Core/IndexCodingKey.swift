/// An array index in a coding path, for the decoder's and the encoder's errors, named `"Index N"`
/// only when someone asks (as Foundation's `_CodingKey.index` does): making the name for every
/// index of every path made was about 350 instructions a key.
struct IndexCodingKey: CodingKey, Sendable {
    let index: Int

    init(_ index: Int) { self.index = index }

    init?(stringValue: String) { nil }

    init(intValue: Int) { index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
