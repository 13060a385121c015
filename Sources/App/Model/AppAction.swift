import Raster

/// Everything a person can do in the interactive calculator, whatever the key or click.
enum AppAction: Equatable {
    /// Presses a calculator button by its symbol (`7`, `+`, `√`, `→M`, ...).
    case press(String)
    /// Graphs the calculator's program (the graph button).
    case graph
    /// Graphs the calculator's program on top of the curves on the graph.
    case addCurve
    /// Takes every curve but the newest off the graph.
    case removeKeptCurves
    /// Leaves the full-screen graph for the calculator (compact width).
    case back
    /// Moves keyboard focus to the other pane (split view).
    case toggleFocus
    /// Gives the keyboard focus to a pane, and to a parameter's slider under the graph (nil: none).
    case setFocus(AppModel.Pane, slider: String?)
    /// A slider key, click or drag, or the playback's clock.
    case slider(SliderAction)
    /// Pans the graph by pixels (positive x right, positive y down).
    case pan(dx: Double, dy: Double)
    /// Pans by a tenth of the pane in a direction: arrow keys and h j k l.
    case step(StepDirection)
    /// Zooms about a pane pixel, or about the centre when nil.
    case zoom(factor: Double, about: Point?)
    /// Moves the origin to a pane pixel (double click).
    case moveOrigin(to: Point)
    /// Puts the origin back in the centre.
    case centreOrigin
    /// Fits the y range to the visible curve.
    case fit
    /// Steps the axes through linear, log y, log x and log–log (`L`).
    case cycleAxes
    /// Opens or closes the statistics popover.
    case togglePopover
    /// Opens or closes the help overlay.
    case toggleHelp
    /// Shows the help from this line on (the help longer than its box).
    case scrollHelp(toLine: Int)
    /// Opens the history list.
    case openHistory
    /// Moves the history selection.
    case moveSelection(by: Int)
    /// Graphs the selected history entry.
    case chooseHistory
    /// Opens the expression line.
    case openExpressionLine
    /// Edits the expression line.
    case editExpression(ExpressionEdit)
    /// Closes whatever overlay is open (Esc).
    case dismiss
    /// Opens or closes the table of values (`T`).
    case toggleTable
    /// Shows the table of values from this row on.
    case scrollTable(toRow: Int)
    /// Shows or hides the points of interest on the graph (`o`).
    case togglePoints
    /// A trace key: start, move, switch curve, jump to a point of interest, tangent.
    case trace(TraceAction)
    /// Saves the graph as it is on screen (popover included) as a PNG in the current folder.
    case savePicture
    /// Saves the whole screen as the terminal shows it (`W`).
    case saveScreen
    /// Saves the screen `W` just saved as SVG too (`s` right after `W`).
    case saveScreenAsSVG
    /// Quits, saving state.
    case quit
}

/// One of the four directions a pan key moves the view.
enum StepDirection: Equatable {
    case left, right, up, down
}

/// An edit to the typed-expression line.
enum ExpressionEdit: Equatable {
    case insert(String)
    case deleteBackward
    case submit
}
