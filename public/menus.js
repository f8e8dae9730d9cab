// The one script of the plain pages (src/views/MenuScript.tsx), a static file since the content
// security policy allows no inline script. Menus are popovers, which close on an outside click and
// on Escape by themselves but not when Tab moves focus out of them; and a dialog opened from a menu
// item cannot hand focus back to that item (the menu has closed), so it names the button to return
// to (data-return-focus).
document.addEventListener('focusout', ({ target, relatedTarget: next }) => {
  const menu = target.closest('.menu-popover') ?? target.popoverTargetElement;
  if (!next || !menu?.matches('.menu-popover:popover-open')) return;
  if (!menu.contains(next) && next.popoverTargetElement !== menu) menu.hidePopover();
});
document.addEventListener(
  'close',
  ({ target }) => {
    const back = target.dataset?.returnFocus;
    if (back) document.getElementById(back)?.focus();
  },
  true,
);
// Tooltips open after 700 ms; moving on to the next one within 300 ms of the last one closing
// opens it at once (spec.md: open delay 700 ms, skip delay 300 ms). The delay itself is CSS
// (frame.css); this only marks the skip. It reads no style: a style read here would start the
// next tooltip's delayed transition before its mark arrives.
let tooltipClosedAt = -Infinity;
let tooltipEnteredAt = Infinity;
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_MS = 300;
for (const [enter, leave] of [
  ['pointerover', 'pointerout'],
  ['focusin', 'focusout'],
]) {
  document.addEventListener(enter, ({ target, relatedTarget }) => {
    const host = target.closest?.('.has-tooltip');
    if (!host || host.contains(relatedTarget)) return;
    if (performance.now() - tooltipClosedAt <= TOOLTIP_SKIP_MS) host.classList.add('tooltip-now');
    tooltipEnteredAt = host.classList.contains('tooltip-now') ? -Infinity : performance.now();
  });
  document.addEventListener(leave, ({ target, relatedTarget }) => {
    const host = target.closest?.('.has-tooltip');
    if (!host || host.contains(relatedTarget)) return;
    // Only a tooltip that was showing starts the skip window.
    if (performance.now() - tooltipEnteredAt >= TOOLTIP_DELAY_MS) tooltipClosedAt = performance.now();
    host.classList.remove('tooltip-now');
  });
}
