#!/usr/bin/env python3
"""A small HTTP(S) server on 127.0.0.1 for nsesim's download tests and benchmarks.

Python's standard library only. It serves a folder and, on request, faults. It prints
"PORT <n>" on its first line when it is ready (port 0 picks a free one).

    fault_server.py ROOT [--port N] [--tls CERT KEY]

Paths:
  /files/NAME, /NAME          the file ROOT/NAME (Content-Type from the extension)
  /status/CODE                that status, with a small HTML body
  /reset/N/NAME               the headers of NAME, its first N bytes, then a TCP reset
  /length/DELTA/NAME          NAME with a Content-Length DELTA bytes off (a lying server)
  /redirect/N/NAME            N redirects, then /files/NAME
  /redirect-to?url=URL        one redirect to any URL (file:// included)
  /big/BYTES/NAME             NAME's bytes, then zeros, BYTES in all (Content-Length given)
  /stream/BYTES/NAME          the same without Content-Length (close-delimited)
  /noext/NAME                 NAME under a URL without a file extension
  /drip/RATE/NAME             NAME at RATE bytes per second
  /hang                       accepts, never answers
  /stats                      JSON: bytes of body sent per request path, so far
"""
import json
import mimetypes
import os
import signal
import socket
import ssl
import struct
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = "."
STATS = {}
STATS_LOCK = threading.Lock()
CHUNK = 64 * 1024


def count(path, n):
    with STATS_LOCK:
        STATS[path] = STATS.get(path, 0) + n


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def file_bytes(self, name):
        path = os.path.join(ROOT, os.path.basename(name))
        with open(path, "rb") as handle:
            return handle.read()

    def content_type(self, name):
        return mimetypes.guess_type(name)[0] or "application/octet-stream"

    def send_body(self, data, length=None, content_type="application/octet-stream", chunk_delay=0.0):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        else:
            self.send_header("Connection", "close")
        self.end_headers()
        self.write_counted(data, chunk_delay)

    def write_counted(self, data, chunk_delay=0.0, chunk=CHUNK):
        view = memoryview(data)
        for start in range(0, len(view), chunk):
            piece = view[start:start + chunk]
            try:
                self.wfile.write(piece)
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return False
            count(self.path, len(piece))
            if chunk_delay:
                time.sleep(chunk_delay)
        return True

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        parsed = urllib.parse.urlparse(self.path)
        parts = [p for p in parsed.path.split("/") if p]
        try:
            if not parts:
                return self.error(404)
            kind = parts[0]
            if kind == "stats":
                with STATS_LOCK:
                    body = json.dumps(STATS).encode()
                return self.send_body(body, len(body), "application/json")
            if kind == "files" and len(parts) == 2:
                data = self.file_bytes(parts[1])
                return self.send_body(data, len(data), self.content_type(parts[1]))
            if len(parts) == 1 and os.path.isfile(os.path.join(ROOT, os.path.basename(parts[0]))):
                data = self.file_bytes(parts[0])
                return self.send_body(data, len(data), self.content_type(parts[0]))
            if kind == "noext" and len(parts) == 2:
                data = self.file_bytes(parts[1])
                return self.send_body(data, len(data), self.content_type(parts[1]))
            if kind == "status" and len(parts) == 2:
                return self.error(int(parts[1]))
            if kind == "reset" and len(parts) == 3:
                data = self.file_bytes(parts[2])
                self.send_response(200)
                self.send_header("Content-Type", self.content_type(parts[2]))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.write_counted(data[:int(parts[1])])
                self.wfile.flush()
                # SO_LINGER 0: close with a reset instead of a clean end.
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
                self.close_connection = True
                return
            if kind == "length" and len(parts) == 3:
                data = self.file_bytes(parts[2])
                self.send_response(200)
                self.send_header("Content-Type", self.content_type(parts[2]))
                self.send_header("Content-Length", str(len(data) + int(parts[1])))
                self.send_header("Connection", "close")
                self.end_headers()
                self.write_counted(data)
                self.close_connection = True
                return
            if kind == "redirect" and len(parts) == 3:
                remaining = int(parts[1])
                target = f"/redirect/{remaining - 1}/{parts[2]}" if remaining > 1 else f"/files/{parts[2]}"
                return self.redirect(target)
            if kind == "redirect-to":
                query = urllib.parse.parse_qs(parsed.query)
                return self.redirect(query.get("url", ["/"])[0])
            if kind in ("big", "stream") and len(parts) == 3:
                total = int(parts[1])
                head = self.file_bytes(parts[2])[:total]
                self.send_response(200)
                self.send_header("Content-Type", self.content_type(parts[2]))
                if kind == "big":
                    self.send_header("Content-Length", str(total))
                else:
                    self.send_header("Connection", "close")
                self.end_headers()
                if not self.write_counted(head):
                    return
                zeros = bytes(CHUNK)
                left = total - len(head)
                while left > 0:
                    piece = zeros[:min(CHUNK, left)]
                    try:
                        self.wfile.write(piece)
                    except (BrokenPipeError, ConnectionResetError):
                        return
                    count(self.path, len(piece))
                    left -= len(piece)
                if kind == "stream":
                    self.close_connection = True
                return
            if kind == "drip" and len(parts) == 3:
                rate = max(1, int(parts[1]))
                data = self.file_bytes(parts[2])
                piece = max(1, rate // 10)
                self.send_response(200)
                self.send_header("Content-Type", self.content_type(parts[2]))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.write_counted(data, chunk_delay=piece / rate, chunk=piece)
                return
            if kind == "hang":
                time.sleep(3600)
                return
            return self.error(404)
        except FileNotFoundError:
            return self.error(404)
        except (BrokenPipeError, ConnectionResetError):
            return

    def error(self, code):
        body = f"<!DOCTYPE html><html><body><h1>{code}</h1></body></html>".encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()


def main():
    global ROOT
    # A parent's thread may have blocked these; the child inherits the mask.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    ROOT = args[0]
    port = 0
    tls = None
    i = 1
    while i < len(args):
        if args[i] == "--port":
            port = int(args[i + 1])
            i += 2
        elif args[i] == "--tls":
            tls = (args[i + 1], args[i + 2])
            i += 3
        else:
            print(f"unknown option {args[i]}", file=sys.stderr)
            sys.exit(64)
    if not os.path.isdir(ROOT):
        print(f"{ROOT}: no such folder", file=sys.stderr)
        sys.exit(66)
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls[0], tls[1])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(f"PORT {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
