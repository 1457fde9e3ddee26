// The auth feature's public surface: what the app and other features may import (its screens are loaded by the app's routes).
export { GuestOnly, RequireAuth, SessionGate } from './guards';
