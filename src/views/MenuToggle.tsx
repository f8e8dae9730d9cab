// The menu button the top bars (Shell.tsx, AdminShell.tsx) fold their links into on small screens.
export function MenuToggle({ menuId }: { menuId: string }) {
  return (
    <button type="button" className="menu-toggle" popoverTarget={menuId} aria-label="Menu">
      <span className="menu-toggle-icon" aria-hidden="true" />
    </button>
  );
}
