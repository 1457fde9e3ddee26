// Nothing of this feature is used outside it yet: its screen is loaded by the app's routes.
export {};
