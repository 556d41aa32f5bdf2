/**
 * Incremental parser for a text/event-stream body: feed it chunks as they arrive, get back the `data`
 * payload of every complete event. Comments (`: heartbeat`) and other fields are ignored.
 */
export function createSseParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = ''
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n')
    let end = buffer.indexOf('\n\n')
    while (end !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
      if (data.length > 0) onData(data.join('\n'))
      end = buffer.indexOf('\n\n')
    }
  }
}
