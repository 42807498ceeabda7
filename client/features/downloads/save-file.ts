/** Starts the browser's download of a same-origin file (served as an attachment) without leaving the page. */
export function saveFile(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
