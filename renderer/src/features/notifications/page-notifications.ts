/**
 * The browser's own notifications (the console served over HTTP): shown only when the page's permission
 * is granted. The desktop app shows native ones from its main process instead (electron/main).
 */
export function pagePermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

export async function requestPagePermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported'
  return Notification.requestPermission()
}

/** Shows one when allowed; a page that may not (or a browser without them) shows only the toast. */
export function showPageNotification(title: string, body: string): void {
  if (pagePermission() !== 'granted') return
  try {
    new Notification(title, { body, tag: title })
  } catch {
    // Some browsers allow notifications only from a service worker: the toast still tells.
  }
}

let audio: AudioContext | null = null

/** A short two-note chime for a payment received (counter staff asked for a sound), made in the page: no file to load. */
export function playChime(): void {
  if (typeof AudioContext === 'undefined') return
  audio ??= new AudioContext()
  const start = audio.currentTime
  for (const [offset, frequency] of [[0, 880], [0.16, 1320]] as const) {
    const oscillator = audio.createOscillator()
    const gain = audio.createGain()
    oscillator.frequency.value = frequency
    gain.gain.setValueAtTime(0.2, start + offset)
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.3)
    oscillator.connect(gain).connect(audio.destination)
    oscillator.start(start + offset)
    oscillator.stop(start + offset + 0.3)
  }
}
