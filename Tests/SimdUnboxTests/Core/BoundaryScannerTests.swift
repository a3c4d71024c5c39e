import CSimdJSON
import Testing

/// The shim's boundary scanner reads the inside of an element in 64-byte blocks and everything
/// else byte by byte. Fed in pieces smaller than a block it only ever uses the byte-wise rules, so
/// the same stream scanned whole, in small pieces and byte by byte must give the same boundaries,
/// the same error and the same final state, whatever the bytes.
@Suite struct BoundaryScannerTests {
    /// Everything a scan produced.
    struct Scan: Equatable, CustomStringConvertible {
        var boundaries: [UInt64] = []
        var error: UInt32 = 0
        var errorOffset: UInt64 = 0
        var position: UInt64 = 0
        var pendingEnd: UInt64 = 0
        var depth: UInt32 = 0
        var finish: UInt32 = 0

        var description: String {
            "boundaries \(boundaries), error \(error) at \(errorOffset), position \(position), "
                + "pending end \(pendingEnd), depth \(depth), finish \(finish)"
        }
    }

    /// Scans `bytes` in pieces whose sizes come from `pieceSize`.
    static func scan(
        _ bytes: [UInt8], format: csimdjson_stream_format, baseline: Bool = false, pieceSize: () -> Int
    ) -> Scan {
        var scanner = csimdjson_boundary_scanner()
        if baseline {
            csimdjson_boundary_scanner_init_baseline(&scanner, format)
        } else {
            csimdjson_boundary_scanner_init(&scanner, format)
        }
        var boundaries = [UInt64](repeating: 0, count: 2 * bytes.count + 8)
        var count = 0
        var result = Scan()
        var offset = 0
        bytes.withUnsafeBufferPointer { input in
            while offset < bytes.count {
                let length = min(pieceSize(), bytes.count - offset)
                var scanned = 0
                let code = csimdjson_boundary_scanner_scan(
                    &scanner, input.baseAddress! + offset, length, &boundaries, boundaries.count, &count, &scanned)
                offset += scanned
                if code != CSIMDJSON_SUCCESS {
                    result.error = code.rawValue
                    result.errorOffset = scanner.error_offset
                    break
                }
            }
        }
        if result.error == 0 {
            result.finish = csimdjson_boundary_scanner_finish(&scanner, &boundaries, boundaries.count, &count).rawValue
        }
        result.boundaries = Array(boundaries[..<count])
        result.position = scanner.position
        result.pendingEnd = scanner.pending_end
        result.depth = scanner.depth
        return result
    }

    /// Random bytes from the characters that matter to the scanner, with long runs of letters and
    /// of backslashes so that blocks with and without backslashes, strings, escapes and brackets
    /// across block edges all occur.
    static func randomStream(_ generator: inout SplitMix64) -> [UInt8] {
        let alphabet = Array(#""\[]{},: a1"#.utf8) + [UInt8(ascii: "\n")]
        let length = Int(generator.next() % 600)
        var bytes: [UInt8] = []
        while bytes.count < length {
            let pick = generator.next() % 100
            if pick < 25 {
                bytes += [UInt8](repeating: UInt8(ascii: "x"), count: Int(generator.next() % 70))
            } else if pick < 35 {
                bytes.append(UInt8(ascii: "\\"))
            } else if pick < 40 {
                // Runs of backslashes of every length, odd and even, across block edges too.
                bytes += [UInt8](repeating: UInt8(ascii: "\\"), count: 2 + Int(generator.next() % 70))
            } else {
                bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
        }
        return bytes
    }

    static func streams(count: Int) -> [[UInt8]] {
        var generator = SplitMix64(seed: 0x5CA9)
        var streams = (0..<count).map { _ in randomStream(&generator) }
        // Well-formed streams too, long enough for many blocks.
        streams.append(Array(StreamFixtures.array(count: 60).utf8))
        streams.append(Array(StreamFixtures.jsonLines(count: 60).utf8))
        streams.append(
            Array(("[" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "]").utf8))
        return streams
    }

    @Test(arguments: [CSIMDJSON_STREAM_FORMAT_ARRAY, CSIMDJSON_STREAM_FORMAT_DOCUMENTS])
    func blocksAgreeWithBytes(format: csimdjson_stream_format) {
        var sizes = SplitMix64(seed: 7)
        for bytes in Self.streams(count: 3_000) {
            // Many arrays need a leading bracket to get past the first byte: test both.
            for input in [bytes, [UInt8(ascii: "[")] + bytes] {
                let whole = Self.scan(input, format: format) { Int.max }
                let baselineWhole = Self.scan(input, format: format, baseline: true) { Int.max }
                let byteByByte = Self.scan(input, format: format) { 1 }
                let pieces = Self.scan(input, format: format) { 1 + Int(sizes.next() % 63) }
                #expect(whole == byteByByte, "\(String(decoding: input, as: UTF8.self))")
                #expect(baselineWhole == byteByByte, "\(String(decoding: input, as: UTF8.self))")
                #expect(pieces == byteByByte, "\(String(decoding: input, as: UTF8.self))")
            }
        }
    }
}
