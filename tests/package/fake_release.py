#!/usr/bin/env python3
"""Serves a directory on 127.0.0.1 as GitHub serves releases, for the install script's and
the Action's tests: ROOT/download/vX/ASSET as files, /latest redirecting to /tag/vLATEST
(the highest version under download/). Prints the port it listens on, then serves until
killed.

Usage: tests/package/fake_release.py ROOT
"""
import http.server
import os
import sys

ROOT = os.path.abspath(sys.argv[1])


def latest():
    def key(tag):
        return [int(part) for part in tag[1:].split(".")]
    tags = [t for t in os.listdir(os.path.join(ROOT, "download")) if t.startswith("v")]
    return max(tags, key=key)


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=ROOT, **kwargs)

    def do_HEAD(self):
        self.route() or super().do_HEAD()

    def do_GET(self):
        self.route() or super().do_GET()

    def route(self):
        if self.path == "/latest":
            self.send_response(302)
            self.send_header("Location", "/tag/" + latest())
            self.end_headers()
            return True
        if self.path.startswith("/tag/"):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            if self.command == "GET":
                self.wfile.write(b"<html>release</html>")
            return True
        return False

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
