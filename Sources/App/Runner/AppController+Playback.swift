/// A parameter playing: the clock that paces it, and the next frame rendered ahead.
extension AppController {
    /// Advances a playing parameter to `now`: by the frames of `Playback.framesPerSecond` that
    /// elapsed since the playback began (none on the first call, which starts the count). When the
    /// pane renders frames ahead, only to a frame whose picture is ready: the one rendered, once the
    /// clock reaches it (the readout and the picture move together, and a frame late on the worker
    /// is shown late, never rendered on the loop); with no frame under way, to the frame due.
    func advancePlayback(to now: ContinuousClock.Instant) {
        guard model.playback != nil else {
            playbackClock = nil
            return
        }
        guard let clock = playbackClock else {
            playbackClock = (now, 0)
            return
        }
        // Through tmux, the terminal has not yet taken the last picture: the playback waits for it.
        guard pacing?.maySend(at: now) ?? true else { return }
        let due = dueFrames(at: now, of: clock)
        var target = due
        if let job = images.framesAhead.job {
            if job.tag <= clock.frames {
                // Reached but never taken (no picture showed it): stale.
                images.framesAhead.drop()
            } else {
                guard job.isReady, job.tag <= due else { return }
                target = job.tag
            }
        }
        guard target > clock.frames else { return }
        apply(.slider(.advance(frames: target - clock.frames)))
        playbackClock = (clock.start, target)
    }

    /// The frames of `Playback.framesPerSecond` elapsed at `now` since the playback began.
    private func dueFrames(at now: ContinuousClock.Instant, of clock: (start: ContinuousClock.Instant, frames: Int)) -> Int {
        Int(((now - clock.start) / .seconds(1) * Double(Playback.framesPerSecond)).rounded(.down))
    }

    /// The instant frame `frames` of the playback that began at `start` is due.
    private func dueTime(ofFrame frames: Int, from start: ContinuousClock.Instant) -> ContinuousClock.Instant {
        start + .seconds(1) * (Double(frames) / Double(Playback.framesPerSecond))
    }

    /// How long after `now` the next playback frame is due; nil when nothing plays. A frame being
    /// rendered ahead is due when it is ready and the clock has reached it: the loop looks again
    /// every millisecond until it is ready.
    func timeUntilNextPlaybackFrame(after now: ContinuousClock.Instant) -> Duration? {
        guard model.playback != nil else { return nil }
        guard let clock = playbackClock else { return .zero }
        // Waiting for the terminal to take the last picture: its answer wakes the loop, else patience ends.
        if let patience = pacing?.timeUntilPatienceEnds(after: now) { return patience }
        if let job = images.framesAhead.job, job.tag > clock.frames {
            let due = max(dueTime(ofFrame: job.tag, from: clock.start) - now, .zero)
            return job.isReady ? due : max(due, .milliseconds(1))
        }
        return max(dueTime(ofFrame: clock.frames + 1, from: clock.start) - now, .zero)
    }

    /// During playback, renders ahead on the pane's worker (when it has one) the picture of the
    /// frame the clock will show next: the frame after the one on screen, or after the one due now
    /// when the loop fell behind. A job already under way keeps its frame, its picture brought up to
    /// date when a key changed what the picture shows.
    func renderNextPlaybackFrameAhead(_ layout: ScreenLayout) {
        let frames = images.framesAhead
        guard model.playback != nil, frames.isEnabled, let clock = playbackClock else { return }
        let count = frames.job?.tag ?? max(clock.frames, dueFrames(at: .now, of: clock)) + 1
        var next = model
        next.apply(.slider(.advance(frames: count - clock.frames)), graphPane: pane(for: model.route))
        guard let content = imageContent(layout, of: next) else { return }
        frames.start(content, cell: cell, presenter: presenter, theme: theme, tag: count)
    }
}
