// Loads public/menus.js: the menus close when focus leaves them, and a dialog opened from a menu
// returns focus to the menu's button. Everything else about menus and dialogs is native HTML.
const MENU_SCRIPT = '/menus.js';

export function MenuScript() {
  return <script src={MENU_SCRIPT} defer />;
}
