import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` into the target before each build: `let buildCommit = "…"`, the
/// checkout's commit (12 hex digits, `-modified` when the work tree differs from it), or
/// `GCVIEW_COMMIT` from the environment when set (a build from a tarball), else `unknown`.
///
/// The file is rewritten only when its text changes, so an unchanged commit rebuilds nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appendingPathComponent("generated")
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
            mkdir -p "$2"
            text="/// The commit gcview was built from (written by the BuildCommit plugin).
            let buildCommit = \\"$commit\\""
            [ "$(cat "$2/BuildCommit.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$2/BuildCommit.swift"
            """
        return [
            .prebuildCommand(
                displayName: "Naming the commit gcview is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, folder.path],
                // The command does not see the build's environment: the variable is passed on.
                environment: ["GCVIEW_COMMIT": ProcessInfo.processInfo.environment["GCVIEW_COMMIT"] ?? ""],
                outputFilesDirectory: folder
            ),
        ]
    }
}
