/// Every key of the interactive calculator, in lines narrow enough for the graph pane of a split
/// view: the help overlay (`?`) shows them, and `gcview keys` prints them (and so the KEYS section
/// of `gcview.run(1)`, which `scripts/install` makes from it).
package enum KeyGuide {
    package static let lines = [
        "Calculator",
        "  0-9 . + - * / ^ =   digits, operations, equals (Enter)",
        "  Backspace           del (undo when not typing)",
        "  c  C (clear all)    n  ± (change sign)    s  √",
        "  p  π                m  M (variable)       M  sto (set M)",
        "  :  type an expression, Enter graphs it   g  graph the program (↗)",
        "  a   add it to the graph in a colour of its own (up to 6);",
        "      when it is there already, type the next curve",
        "Graph",
        "  arrows, h j k l   pan by a tenth    + -  zoom",
        "  drag, wheel       pan, zoom at the pointer",
        "  double click      origin there     0  origin to the centre",
        "  f  fit y   L  log axes   D  deg/rad   i  statistics (i)",
        "  w  save the view (PNG; playing, GIF)   W  the screen   d  newest only",
        "  t  trace ([ ] next point, ' slope, A area)   o  points   T  table",
        "Sliders: Tab  reach   ← → step, Shift ten   ↑ ↓  next   drag",
        "  digits  a value   Enter  [min, max]   Space  play   < >  pace",
        "Everywhere",
        "  r  history   Tab  focus (split view)   Esc  back / close   q  quit",
        "  Ctrl-L  draw the whole screen again",
    ]
}
