/// Todo texts and their canonical forms under the format rules (docs: notes/FORMAT-RULES.md),
/// with "today" pinned to ``today``.
enum Samples {
    static let today = "2026-11-21"

    /// Needs formatting: a done task with `X`, no done date, above open tasks.
    static let messy = """
        # Todos

        - [X] Pay rent
        - [ ] Renew passport due:2026-12-01
        - [ ] Call plumber

        """

    /// ``messy`` formatted: `x`, stamped with today, sunk below the open tasks.
    static let messyFormatted = """
        # Todos

        - [ ] Renew passport due:2026-12-01
        - [ ] Call plumber
        - [x] Pay rent done:2026-11-21

        """

    /// Already canonical for every "today".
    static let canonical = """
        # Todos

        - [ ] Renew passport due:2026-12-01
        - [x] Pay rent done:2026-11-20

        """
}
