import Testing

@testable import AshlarCore

/// Control-group files are untrusted text: each parser takes exactly what the kernel writes and
/// nothing else, and a missing or strange file never stops a build.
@Suite struct ControlGroupTests {
    static let memoryCases: [(String, ControlGroup.Value)] = [
        ("max\n", .unlimited), ("max", .unlimited), ("2147483648\n", .limit(2_147_483_648)),
        ("0\n", .limit(0)), ("9223372036854771712\n", .limit(9_223_372_036_854_771_712)),
        ("99999999999999999999\n", .unreadable), ("", .unreadable), ("\n", .unreadable), ("-1\n", .unreadable),
        ("2G\n", .unreadable), (" 100\n", .unreadable), ("100 \n", .unreadable), ("100\n200\n", .unreadable),
        ("MAX\n", .unreadable), ("1e9\n", .unreadable), ("+5\n", .unreadable),
    ]

    @Test(arguments: memoryCases)
    func memoryLimit(text: String, value: ControlGroup.Value) {
        #expect(ControlGroup.memoryLimit(text) == value)
    }

    static let coreCases: [(String, ControlGroup.Value)] = [
        ("max 100000\n", .unlimited), ("200000 100000\n", .limit(2)), ("150000 100000\n", .limit(2)),
        ("50000 100000\n", .limit(1)), ("1000 100000\n", .limit(1)), ("1600000 100000", .limit(16)),
        ("max\n", .unreadable), ("100000\n", .unreadable), ("0 100000\n", .unreadable), ("100000 0\n", .unreadable),
        ("-1 100000\n", .unreadable), ("max max\n", .unreadable), ("200000  100000\n", .unreadable),
        ("200000 100000 1\n", .unreadable), ("garbage\n", .unreadable), ("", .unreadable),
        ("9223372036854775807 1\n", .limit(.max)),
    ]

    @Test(arguments: coreCases)
    func coreLimit(text: String, value: ControlGroup.Value) {
        #expect(ControlGroup.coreLimit(text) == value)
    }

    static let pathCases: [(String, String?)] = [
        ("0::/\n", "/"),
        ("0::/user.slice/user-1000.slice/session-3.scope\n", "/user.slice/user-1000.slice/session-3.scope"),
        ("12:memory:/docker/abc\n0::/system.slice/docker-abc.scope\n", "/system.slice/docker-abc.scope"),
        ("4:memory:/process_api/e629\n1:cpu:/\n", nil), ("", nil), ("0::relative\n", nil), ("0::/../etc\n", nil),
        ("10::/x\n", nil),
    ]

    @Test(arguments: pathCases)
    func unifiedPath(text: String, path: String?) {
        #expect(ControlGroup.unifiedPath(cgroupFile: text) == path)
    }

    @Test func unifiedMountIsTheFirstCgroup2FileSystem() {
        let hybrid = """
            35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
            41 31 0:38 / /sys/fs/cgroup/unified rw,relatime shared:9 - cgroup2 cgroup2 rw
            """
        #expect(ControlGroup.unifiedMount(mountInfo: hybrid)?.mountPoint == "/sys/fs/cgroup/unified")
        let container = "1 0 0:27 /docker/abc /sys/fs/cgroup ro,nosuid - cgroup2 cgroup rw\n"
        #expect(ControlGroup.unifiedMount(mountInfo: container)?.root == "/docker/abc")
        let escaped = "1 0 0:27 / /mnt/my\\040groups rw - cgroup2 cgroup2 rw\n"
        #expect(ControlGroup.unifiedMount(mountInfo: escaped)?.mountPoint == "/mnt/my groups")
        #expect(
            ControlGroup.unifiedMount(mountInfo: "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw\n") == nil)
        #expect(ControlGroup.unifiedMount(mountInfo: "garbage - cgroup2\n- cgroup2\n") == nil)
    }

    @Test func foldersRunFromTheGroupUpToTheMountPoint() {
        #expect(
            ControlGroup.folders(path: "/a/b", mount: ("/", "/sys/fs/cgroup"))
                == ["/sys/fs/cgroup/a/b", "/sys/fs/cgroup/a", "/sys/fs/cgroup"])
        #expect(ControlGroup.folders(path: "/", mount: ("/", "/sys/fs/cgroup/")) == ["/sys/fs/cgroup"])
        #expect(ControlGroup.folders(path: "/docker/abc/x", mount: ("/docker/abc", "/cg")) == ["/cg/x", "/cg"])
        #expect(ControlGroup.folders(path: "/elsewhere", mount: ("/docker/abc", "/cg")).isEmpty)
    }

    /// A fake file system: the files a case has, nil for every other.
    static func limits(_ files: [String: String]) -> ControlGroup.Limits {
        ControlGroup.limits { files[$0] }
    }

    static let group = ["/proc/self/cgroup": "0::/ci/job\n"]

    @Test func theTightestLimitOfTheGroupAndItsParentsCounts() {
        var files = Self.group
        files["/sys/fs/cgroup/ci/job/memory.max"] = "max\n"
        files["/sys/fs/cgroup/ci/job/memory.high"] = "3221225472\n"
        files["/sys/fs/cgroup/ci/memory.max"] = "2147483648\n"
        files["/sys/fs/cgroup/ci/job/cpu.max"] = "max 100000\n"
        files["/sys/fs/cgroup/ci/cpu.max"] = "400000 100000\n"
        files["/sys/fs/cgroup/cpu.max"] = "250000 100000\n"
        let limits = Self.limits(files)
        #expect(limits.memory?.bytes == 2 << 30 && limits.memory?.file == "/sys/fs/cgroup/ci/memory.max")
        #expect(limits.cores?.count == 3 && limits.cores?.file == "/sys/fs/cgroup/cpu.max")
        #expect(limits.ignored.isEmpty)
    }

    @Test func memoryHighCountsWhenItIsLower() {
        var files = Self.group
        files["/sys/fs/cgroup/ci/job/memory.max"] = "4294967296\n"
        files["/sys/fs/cgroup/ci/job/memory.high"] = "1073741824\n"
        #expect(Self.limits(files).memory?.file == "/sys/fs/cgroup/ci/job/memory.high")
    }

    @Test func unsetMissingAndGarbageFilesSetNoLimit() {
        #expect(Self.limits([:]) == ControlGroup.Limits())
        #expect(Self.limits(Self.group) == ControlGroup.Limits())
        #expect(Self.limits(["/proc/self/cgroup": "4:memory:/x\n"]) == ControlGroup.Limits())
        var files = Self.group
        files["/sys/fs/cgroup/ci/job/memory.max"] = "lots\n"
        files["/sys/fs/cgroup/ci/cpu.max"] = "\u{0}\u{1}"
        files["/sys/fs/cgroup/ci/memory.max"] = "max\n"
        let limits = Self.limits(files)
        #expect(limits.memory == nil && limits.cores == nil)
        #expect(limits.ignored == ["/sys/fs/cgroup/ci/job/memory.max", "/sys/fs/cgroup/ci/cpu.max"])
    }

    @Test func theMountInfoSaysWhereTheHierarchyIs() {
        var files = Self.group
        files["/proc/self/mountinfo"] = "41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n"
        files["/sys/fs/cgroup/ci/memory.max"] = "1048576\n"
        files["/sys/fs/cgroup/unified/ci/job/memory.max"] = "2097152\n"
        #expect(Self.limits(files).memory?.bytes == 2 << 20)
    }
}
