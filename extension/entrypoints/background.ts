export default defineBackground(() => {
  // Listeners are registered by the extension issue's modules in extension/lib/.
});
