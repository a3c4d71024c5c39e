import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Unboxable expansion")
struct UnboxableMacroTests {
    @Test func expandsAStruct() {
        expectExpansion(
            """
            @Unboxable(keyStyle: .snakeCase)
            struct User {
                let userId: Int
                @UnboxKey("profile.name", "name") let name: String?
                var score: Int = 0
                @UnboxIgnored var cache: [Int] = []
                var computed: Int { 1 }
                static let shared = 1
            }
            """,
            expandsTo: """

                struct User {
                    let userId: Int
                    let name: String?
                    var score: Int = 0
                    var cache: [Int] = []
                    var computed: Int { 1 }
                    static let shared = 1
                }

                extension User: SimdUnbox.Unboxable {
                    init(_unboxFields walk: inout SimdUnbox._FieldWalk) throws(SimdUnbox.UnboxError) {
                        var __unbox_userId: (Int)? = nil
                        var __unbox_name: (String)?? = nil
                        var __unbox_score: (Int)?? = nil
                        try walk.forEachField { (walk) throws(SimdUnbox.UnboxError) in
                            var index = Self.__UnboxPlan.keyIndex0(walk.key)
                            if _slowPath(index < 0), let unescaped = try walk.unescapedKey() {
                                index = Self.__UnboxPlan.keyIndex0(unescaped.key)
                                unescaped.release()
                            }
                            switch index {
                            case 0:
                                try walk.read(&__unbox_userId)
                            case 1:
                                do throws(SimdUnbox.UnboxError) {
                                    var nested = try SimdUnbox._FieldWalk(object: &walk.value, context: walk.context, rejectsDuplicates: walk.rejectsDuplicates)
                                    try nested.forEachField { (walk) throws(SimdUnbox.UnboxError) in
                                        var index = Self.__UnboxPlan.keyIndex1(walk.key)
                                        if _slowPath(index < 0), let unescaped = try walk.unescapedKey() {
                                            index = Self.__UnboxPlan.keyIndex1(unescaped.key)
                                            unescaped.release()
                                        }
                                        switch index {
                                        case 0:
                                            try walk.readOptional(&__unbox_name)
                                        default:
                                            break
                                        }
                                    }
                                    if _slowPath(nested._collectStart >= 0) {
                                        throw nested.failure(missing: [])
                                    }
                                } catch {
                                    try walk.collectOrThrow(error)
                                }
                            case 2:
                                try walk.readOptional(&__unbox_name)
                            case 3:
                                try walk.readOptional(&__unbox_score)
                            default:
                                break
                            }
                        }
                        if _slowPath(__unbox_userId == nil || walk._collectStart >= 0) {
                            throw walk.failure(missing: [__unbox_userId == nil ? [.key("user_id")] : nil])
                        }
                        guard let __unbox_userId else {
                            throw walk.missingKeyError([.key("user_id")])
                        }
                        self.userId = __unbox_userId
                        self.name = __unbox_name ?? nil
                        if let __unbox_score = __unbox_score ?? nil {
                            self.score = __unbox_score
                        }
                    }

                    init(unboxer: SimdUnbox.Unboxer) throws(SimdUnbox.UnboxError) {
                        var walk = try unboxer._declaredWalk(rejectsDuplicates: false)
                        try self.init(_unboxFields: &walk)
                    }

                    static func _unbox(from value: inout SimdUnbox._JSONCursor, context: SimdUnbox._DecodingContext) throws(SimdUnbox.UnboxError) -> Self {
                        var walk = try SimdUnbox._FieldWalk(object: &value, context: context, rejectsDuplicates: false)
                        return try Self(_unboxFields: &walk)
                    }

                    enum __UnboxPlan {
                        static func keyIndex0(_ key: SimdUnbox._RawKey) -> Swift.Int {
                            switch key.count {
                            case 4:
                                if key._word(0, 4) == 0x656d616e {
                                    return 2
                                }
                            case 5:
                                if key._word(0, 5) == 0x65726f6373 {
                                    return 3
                                }
                            case 7:
                                if key._word(0, 7) == 0x64695f72657375 {
                                    return 0
                                }
                                if key._word(0, 7) == 0x656c69666f7270 {
                                    return 1
                                }
                            default:
                                break
                            }
                            return -1
                        }

                        static func keyIndex1(_ key: SimdUnbox._RawKey) -> Swift.Int {
                            switch key.count {
                            case 4:
                                if key._word(0, 4) == 0x656d616e {
                                    return 0
                                }
                            default:
                                break
                            }
                            return -1
                        }
                    }
                }
                """)
    }
}
