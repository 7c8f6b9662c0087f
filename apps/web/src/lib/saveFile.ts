/** Hands a downloaded file to the browser as a download with the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click starts the download synchronously; the URL can go once the event has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
