"""Discord-facing pieces below the cogs: components (one class per kind), views, modals,
and the pure drill-down panel logic."""
