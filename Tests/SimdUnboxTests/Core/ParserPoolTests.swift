import Foundation
import Testing

@testable import SimdUnbox

/// The parser pool: parsers and their buffers are reused from one decode to the next; of the
/// parsers grown past 64 MB of input, exactly one is kept, so that repeated large documents reuse
/// their buffers (instead of touching hundreds of megabytes of fresh memory each time) while the
/// pool never holds two such sets of buffers.
@Suite struct ParserPoolTests {
    static let large = 100 << 20

    @Test func aSmallParserIsReused() {
        let pool = _ParserPool()
        let parser = pool.take()
        pool.give(parser, lastInputSize: 1_000)
        #expect(pool.take() === parser)
    }

    @Test func oneLargeParserIsReused() {
        let pool = _ParserPool()
        let parser = pool.take()
        pool.give(parser, lastInputSize: Self.large)
        #expect(pool.take() === parser)
        // Still large after a small document: its buffers kept their size.
        pool.give(parser, lastInputSize: 10)
        #expect(pool.take() === parser)
    }

    @Test func aSecondLargeParserIsDropped() {
        let pool = _ParserPool()
        let first = pool.take()
        let second = pool.take()
        pool.give(first, lastInputSize: Self.large)
        pool.give(second, lastInputSize: Self.large)
        #expect(pool.take() === first)
        let next = pool.take()
        #expect(next !== second)
        #expect(next.largestInput == 0)
        // Once the large parser is lent, another one may take its place.
        pool.give(second, lastInputSize: Self.large)
        #expect(pool.take() === second)
    }

    @Test func smallDecodesTakeTheSmallParsersFirst() {
        let pool = _ParserPool()
        let large = pool.take()
        let small = pool.take()
        pool.give(small, lastInputSize: 1_000)
        pool.give(large, lastInputSize: Self.large)
        #expect(pool.take() === small)
        #expect(pool.take() === large)
    }
}
