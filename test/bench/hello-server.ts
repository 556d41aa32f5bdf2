// The reference server of toolchain §4: the least work a Node HTTP server can do per request.
// Run as its own process: node --import tsx test/bench/hello-server.ts <port>
import { createServer } from 'node:http'

const port = Number(process.argv[2] ?? 3999)
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' })
  res.end('hello world')
}).listen(port, '127.0.0.1', () => console.log('ready'))
process.once('SIGTERM', () => process.exit(0))
