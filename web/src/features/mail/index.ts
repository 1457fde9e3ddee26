// The mail feature's public surface: Settings' email switches (its unsubscribe screen is loaded by the app's routes).
export { EmailSettings } from './EmailSettings';
