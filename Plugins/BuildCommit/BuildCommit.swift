import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` into the target: `let buildCommit = "…"`, the checkout's commit
/// (12 hex digits, `-modified` when the work tree differs from it), or `GCVIEW_COMMIT` from the
/// environment when set (a build from a tarball), else `unknown`.
///
/// It is a build command, run again whenever one of its inputs changes: git's HEAD, index, reflog
/// and branch ref (so a commit, checkout or `git add`) and every source file of the package (so an
/// edit marks the build `-modified`). SwiftPM runs a prebuild command only when it plans the build
/// anew, which a commit does not cause. The file is rewritten only when its text changes.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated/BuildCommit.swift")
        let script = """
            set -u
            commit=${GCVIEW_COMMIT:-}
            if [ -z "$commit" ]; then
                commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
                if [ "$commit" != unknown ] && ! git -C "$1" diff --quiet HEAD -- 2>/dev/null; then
                    commit="$commit-modified"
                fi
            fi
            commit=$(printf '%s' "$commit" | tr -cd 'A-Za-z0-9._-')
            mkdir -p "$(dirname "$2")"
            text="/// The commit gcview was built from (written by the BuildCommit plugin).
            let buildCommit = \\"$commit\\""
            [ "$(cat "$2" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$2"
            """
        let sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .flatMap { $0.sourceFiles.map(\.url) }
        return [
            .buildCommand(
                displayName: "Naming the commit gcview is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", package.path, output.path],
                // The command does not see the build's environment: the variable is passed on.
                environment: ["GCVIEW_COMMIT": ProcessInfo.processInfo.environment["GCVIEW_COMMIT"] ?? ""],
                inputFiles: Self.gitFiles(of: package) + sources + [package.appendingPathComponent("Package.swift")],
                outputFiles: [output]
            ),
        ]
    }

    /// The files of the package's git checkout that change with its commit or its index: HEAD, the
    /// index, HEAD's reflog, the branch's ref and packed-refs, in a clone or a worktree (whose
    /// `.git` file names its own folder, beside the shared one).
    static func gitFiles(of package: URL) -> [URL] {
        let dotGit = package.appendingPathComponent(".git")
        var gitFolder = dotGit
        if let link = try? String(contentsOf: dotGit, encoding: .utf8), link.hasPrefix("gitdir: ") {
            let path = link.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitFolder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appendingPathComponent(path)
        }
        var shared = gitFolder
        if let common = try? String(contentsOf: gitFolder.appendingPathComponent("commondir"), encoding: .utf8) {
            let path = common.trimmingCharacters(in: .whitespacesAndNewlines)
            shared = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitFolder.appendingPathComponent(path)
        }
        var files = ["HEAD", "index", "logs/HEAD"].map { gitFolder.appendingPathComponent($0) }
        files.append(shared.appendingPathComponent("packed-refs"))
        let head = (try? String(contentsOf: gitFolder.appendingPathComponent("HEAD"), encoding: .utf8)) ?? ""
        if head.hasPrefix("ref: ") {
            files.append(shared.appendingPathComponent(head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
