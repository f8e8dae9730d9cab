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
