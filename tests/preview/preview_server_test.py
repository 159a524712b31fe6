#!/usr/bin/env python3
"""`lrt preview` over real HTTP: the address line, the API against `lrt debug`, every rule of the
security section (token, Host, files, body limit, no CORS, malformed requests answered and
survived), several clients at once, a shader that runs out of budget and a scene that fails, the
exit on SIGTERM and SIGINT, and the flags. Also `lrt render --display-server` against a stand-in
tev that parses tev's IPC packets.

Usage: preview_server_test.py LRT SOURCE_DIR
"""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse

LRT = SOURCE = None
ADDRESS = re.compile(r"^preview: http://(127\.0\.0\.1|0\.0\.0\.0):(\d+)/\?token=([0-9a-f]{32})$")


class Preview:
    """An `lrt preview` process on a copy of tests/data/preview."""

    def __init__(self, *flags, scene="scene.lrt", files=None):
        self.folder = tempfile.mkdtemp(prefix="lrt_preview_test_")
        data = os.path.join(SOURCE, "tests", "data", "preview")
        for name in os.listdir(data):
            shutil.copy(os.path.join(data, name), self.folder)
        for name, text in (files or {}).items():
            with open(os.path.join(self.folder, name), "w") as f:
                f.write(text)
        self.process = subprocess.Popen([LRT, "preview", scene, *flags], cwd=self.folder,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.line = self.process.stdout.readline().rstrip("\n")
        match = ADDRESS.match(self.line)
        if not match:
            self.stop()
            raise AssertionError(f"no address line: {self.line!r}; stderr: {self.stderr}")
        self.port, self.token = int(match.group(2)), match.group(3)
        self.host = f"127.0.0.1:{self.port}"

    def request(self, method, path, body=None, headers=None, token=True, host=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        all_headers = {"Host": host or self.host}
        if token:
            all_headers["Authorization"] = "Bearer " + self.token
        all_headers.update(headers or {})
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response, data

    def get_json(self, path):
        response, data = self.request("GET", path)
        assert response.status == 200, (path, response.status, data)
        return json.loads(data)

    def wait(self, condition, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            status = self.get_json("/api/status")
            if condition(status):
                return status
            time.sleep(0.05)
        raise AssertionError(f"timed out; status {status}")

    def raw(self, data):
        """Sends `data` as is and returns what comes back (until the server closes or 2 s)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
            s.sendall(data)
            answer = b""
            try:
                while chunk := s.recv(65536):
                    answer += chunk
            except socket.timeout:
                pass
        return answer

    def stop(self, sig=signal.SIGTERM):
        """Signals the server and waits for it; returns its exit status (once stopped, again)."""
        if self.process.stdout.closed:
            return self.process.returncode
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.stderr = self.process.stderr.read()
        self.process.stdout.close()
        self.process.stderr.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        return self.process.returncode


def done(status):
    return status["state"] == "done"


class PreviewServerTest(unittest.TestCase):
    def setUp(self):
        self.preview = Preview()
        self.addCleanup(self.preview.stop)
        self.preview.wait(done)

    def test_address_line_flushed_into_a_pipe(self):
        # Read by readline() from a pipe before anything else: the line was flushed at once.
        self.assertRegex(self.preview.line, ADDRESS)
        self.assertEqual(self.preview.process.stdout.read(0), "")

    def test_status_image_and_pixel_match_lrt_debug(self):
        status = self.preview.wait(done)
        self.assertEqual((status["pass"], status["spp"], status["generation"]), (3, 4, 1))
        self.assertEqual(status["diagnostics"], [])
        response, png = self.preview.request("GET", "/api/image.png")
        self.assertEqual(response.status, 200)
        self.assertEqual(png[:8], b"\x89PNG\r\n\x1a\n")
        self.assertEqual(struct.unpack(">II", png[16:24]), (32, 24))
        response, exr = self.preview.request("GET", "/api/image.exr")
        self.assertEqual(exr[:4], b"\x76\x2f\x31\x01")  # OpenEXR's magic number
        served = self.preview.get_json("/api/pixel?x=11&y=14")
        printed = subprocess.run([LRT, "debug", "scene.lrt", "--pixel", "11,14"],
                                 cwd=self.preview.folder, capture_output=True, text=True, check=True)
        self.assertEqual(served, json.loads(printed.stdout))
        self.assertTrue(served["programs"][0]["trace"])

    def test_every_request_needs_the_token(self):
        for path in ["/", "/preview.js", "/api/status", "/api/image.png", "/api/pixel?x=0&y=0",
                     "/api/files", "/api/files/scene.lrt"]:
            response, _ = self.preview.request("GET", path, token=False)
            self.assertEqual(response.status, 403, path)
            response, _ = self.preview.request("GET", path, token=False,
                                               headers={"Authorization": "Bearer " + "0" * 32})
            self.assertEqual(response.status, 403, path)
        response, _ = self.preview.request("GET", "/api/status?token=" + self.preview.token,
                                           token=False)
        self.assertEqual(response.status, 200)

    def test_the_page_sets_a_strict_cookie_that_then_suffices(self):
        response, page = self.preview.request("GET", "/?token=" + self.preview.token, token=False)
        self.assertEqual(response.status, 200)
        self.assertIn(b"preview.js", page)
        cookie = response.getheader("Set-Cookie")
        self.assertIn("SameSite=Strict", cookie)
        self.assertIn("HttpOnly", cookie)
        pair = cookie.split(";")[0]
        response, _ = self.preview.request("GET", "/api/status", token=False,
                                           headers={"Cookie": pair})
        self.assertEqual(response.status, 200)

    def test_the_host_must_name_the_server(self):
        for host in ["evil.example", f"evil.example:{self.preview.port}",
                     f"127.0.0.1:{self.preview.port + 1}", f"127.0.0.1.nip.io:{self.preview.port}"]:
            response, _ = self.preview.request("GET", "/api/status", host=host)
            self.assertEqual(response.status, 403, host)
        response, _ = self.preview.request("GET", "/api/status", host=f"localhost:{self.preview.port}")
        self.assertEqual(response.status, 200)

    def test_no_cross_origin_access(self):
        for method in ["GET", "OPTIONS"]:
            response, _ = self.preview.request(method, "/api/status",
                                               headers={"Origin": "http://evil.example",
                                                        "Access-Control-Request-Method": "PUT"})
            self.assertIsNone(response.getheader("Access-Control-Allow-Origin"), method)

    def test_only_the_scenes_files_by_their_listed_names(self):
        names = [f["path"] for f in self.preview.get_json("/api/files")["files"]]
        self.assertIn("Tint.cg", names)
        with open(os.path.join(self.preview.folder, "secret.txt"), "w") as f:
            f.write("not the scene's")
        for name in ["secret.txt", "../secret.txt", "%2e%2e/%2e%2e/etc/passwd", "..%2f..%2fetc%2fpasswd",
                     "/etc/passwd", "%2fetc%2fpasswd", "./Tint.cg", "sub/../Tint.cg"]:
            response, _ = self.preview.request("GET", "/api/files/" + name)
            self.assertEqual(response.status, 404, name)
            response, _ = self.preview.request("PUT", "/api/files/" + name, body=b"overwritten")
            self.assertEqual(response.status, 404, name)
        with open(os.path.join(self.preview.folder, "secret.txt")) as f:
            self.assertEqual(f.read(), "not the scene's")
        response, text = self.preview.request("GET", "/api/files/Tint.cg")
        self.assertEqual(response.status, 200)
        self.assertIn(b"TINT", text)

    def test_bodies_over_the_limit_are_refused(self):
        response, _ = self.preview.request("PUT", "/api/files/lights.lrt",
                                           body=b"#" * (1024 * 1024 + 1))
        self.assertEqual(response.status, 413)
        # A body announced far larger than the limit is never buffered: the server skips what
        # comes (answering 413 if the client waits for it all), and goes on serving.
        answer = self.preview.raw(
            f"PUT /api/files/lights.lrt HTTP/1.1\r\nHost: {self.preview.host}\r\n"
            f"Authorization: Bearer {self.preview.token}\r\nContent-Length: 99999999999\r\n\r\n"
            .encode() + b"#" * 100000)
        if answer:
            self.assertRegex(answer.decode(errors="replace"), r"^HTTP/1.1 4\d\d")
        self.assertEqual(self.preview.request("GET", "/api/status")[0].status, 200)
        with open(os.path.join(self.preview.folder, "lights.lrt")) as f:
            self.assertIn("distantlight", f.read())

    def test_malformed_requests_get_4xx_and_the_server_goes_on(self):
        for data in [b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"\x00\x01\x02\xff\r\n\r\n",
                     b"GET /api/status HTTP/9.9\r\n\r\n",
                     b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n",
                     b"GET / HTTP/1.1\r\nX: " + b"b" * 20000 + b"\r\n\r\n",
                     b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"]:
            answer = self.preview.raw(data)
            if answer:
                self.assertRegex(answer.decode(errors="replace"), r"^HTTP/1.1 4\d\d", data[:40])
            self.assertEqual(self.preview.request("GET", "/api/status")[0].status, 200)
        self.assertIsNone(self.preview.process.poll())

    def test_several_clients_at_once(self):
        self.preview.wait(done)
        failures = []

        def client():
            for _ in range(10):
                for path in ["/api/status", "/api/image.png", "/api/pixel?x=3&y=4", "/api/files"]:
                    response, _ = self.preview.request("GET", path)
                    if response.status != 200:
                        failures.append((path, response.status))

        threads = [threading.Thread(target=client) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(failures, [])

    def test_an_edit_through_the_api_reloads(self):
        self.preview.wait(done)
        response, text = self.preview.request("GET", "/api/files/tint.cgh")
        broken = text + b"#error the tint is broken\n"

        self.assertEqual(self.preview.request("PUT", "/api/files/tint.cgh", body=broken)[0].status, 200)
        status = self.preview.wait(lambda s: s["generation"] >= 2 and s["state"] != "rendering")
        self.assertEqual(status["state"], "error")
        self.assertTrue(status["stale"])
        self.assertIn("tint.cgh", [d["path"] for d in status["diagnostics"]])
        self.assertEqual(self.preview.request("PUT", "/api/files/tint.cgh", body=text)[0].status, 200)
        status = self.preview.wait(lambda s: s["generation"] >= 3 and s["state"] != "rendering")
        self.assertEqual(status["state"], "done")


class PreviewRobustnessTest(unittest.TestCase):
    def test_a_shader_that_loops_until_its_budget(self):
        with open(os.path.join(SOURCE, "tests", "data", "preview", "scene.lrt")) as f:
            scene = f.read()
        preview = Preview(scene="loop.lrt", files={
            "loop.sl": "sl 1.0\njmp -1\n",
            "loop.lrt": scene.replace('Surface "Tint.cg" "Kd" [0.8]', 'Surface "loop"')})
        self.addCleanup(preview.stop)
        status = preview.wait(done, timeout=120)
        self.assertEqual(status["diagnostics"], [])
        served = preview.get_json("/api/pixel?x=11&y=14")
        self.assertEqual(served["programs"][0]["status"], "budget")
        self.assertEqual(preview.request("GET", "/api/status")[0].status, 200)

    def test_a_scene_that_fails_never_stops_the_server(self):
        preview = Preview(scene="broken.lrt", files={"broken.lrt": "WorldBegin\nSurface \"missing\"\n"
                                                     "Sphere 1 -1 1 360\nWorldEnd\n"})
        self.addCleanup(preview.stop)
        status = preview.wait(lambda s: s["state"] == "error")
        self.assertEqual(status["diagnostics"][0]["line"], 2)
        self.assertEqual(status["diagnostics"][0]["path"], "broken.lrt")
        self.assertFalse(status["stale"])
        self.assertEqual(preview.request("GET", "/api/image.png")[0].status, 404)
        self.assertEqual(preview.request("GET", "/api/pixel?x=0&y=0")[0].status, 409)
        self.assertIsNone(preview.process.poll())

    def test_sigterm_and_sigint_end_it_cleanly(self):
        for sig in [signal.SIGTERM, signal.SIGINT]:
            preview = Preview()
            self.assertEqual(preview.stop(sig), 0, preview.stderr)

    def test_bind_elsewhere_warns(self):
        preview = Preview("--bind", "0.0.0.0")
        self.addCleanup(preview.stop)
        self.assertTrue(preview.line.startswith("preview: http://0.0.0.0:"))
        self.assertEqual(preview.request("GET", "/api/status")[0].status, 200)
        self.assertEqual(preview.stop(), 0)
        self.assertIn("--bind 0.0.0.0 lets other machines reach the preview", preview.stderr)

    def test_loopback_only_by_default(self):
        preview = Preview()
        self.addCleanup(preview.stop)
        # The listening socket, from the kernel's table: bound to 127.0.0.1 (0100007F), not any.
        with open("/proc/net/tcp") as table:
            local = [line.split()[1] for line in table.readlines()[1:] if line.split()[3] == "0A"]
        self.assertIn(f"0100007F:{preview.port:04X}", local)

    def test_bad_flags_and_missing_scenes(self):
        for flags, status in [(["--port", "70000"], 2), (["--port", "x"], 2), (["--nope"], 2),
                              (["--threads", "-1"], 2)]:
            run = subprocess.run([LRT, "preview", "scene.lrt", *flags],
                                 cwd=os.path.join(SOURCE, "tests", "data", "preview"),
                                 capture_output=True, text=True, timeout=30)
            self.assertEqual(run.returncode, status, (flags, run.stderr))
            self.assertEqual(run.stdout, "")
        run = subprocess.run([LRT, "preview", "/nonexistent/scene.lrt"], capture_output=True,
                             text=True, timeout=30)
        self.assertEqual(run.returncode, 1)
        self.assertIn("/nonexistent/scene.lrt", run.stderr)
        self.assertEqual(run.stdout, "")


class TevStandIn:
    """A TCP server that reads tev's IPC packets: each a little-endian uint32 length (itself
    included), a type byte, then the fields."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.packets = []
        self.thread = threading.Thread(target=self.serve)
        self.thread.start()

    def serve(self):
        connection, _ = self.listener.accept()
        data = b""
        while chunk := connection.recv(1 << 16):
            data += chunk
        connection.close()
        while data:
            (length,) = struct.unpack_from("<I", data)
            self.packets.append(data[4:length])
            data = data[length:]

    def join(self):
        self.thread.join(timeout=60)
        self.listener.close()


def strings(data, at, count):
    out = []
    for _ in range(count):
        end = data.index(b"\0", at)
        out.append(data[at:end].decode())
        at = end + 1
    return out, at


class DisplayServerTest(unittest.TestCase):
    def test_render_streams_every_tile_to_tev(self):
        tev = TevStandIn()
        folder = tempfile.mkdtemp(prefix="lrt_tev_test_")
        self.addCleanup(shutil.rmtree, folder, True)
        scene = os.path.join(SOURCE, "tests", "data", "preview", "scene.lrt")
        output = os.path.join(folder, "out.exr")
        run = subprocess.run([LRT, "render", scene, "-o", output, "-q", "--display-server",
                              f"127.0.0.1:{tev.port}"], capture_output=True, text=True, timeout=120)
        tev.join()
        self.assertEqual(run.returncode, 0, run.stderr)
        create, updates = tev.packets[0], tev.packets[1:]
        self.assertEqual(create[0], 4)  # create image
        (name,), at = strings(create, 2, 1)
        self.assertEqual(name, "out.exr")
        width, height, channels = struct.unpack_from("<iii", create, at)
        self.assertEqual((width, height, channels), (32, 24, 3))
        self.assertEqual(strings(create, at + 12, 3)[0], ["R", "G", "B"])
        image = [[None] * width for _ in range(height)]
        for packet in updates:
            self.assertEqual(packet[0], 6)  # update image, version 3
            (packet_name,), at = strings(packet, 2, 1)
            self.assertEqual(packet_name, "out.exr")
            (count,) = struct.unpack_from("<i", packet, at)
            names, at = strings(packet, at + 4, count)
            self.assertEqual(names, ["R", "G", "B"])
            x, y, w, h = struct.unpack_from("<iiii", packet, at)
            offsets = struct.unpack_from("<3q", packet, at + 16)
            strides = struct.unpack_from("<3q", packet, at + 40)
            self.assertEqual((offsets, strides), ((0, 1, 2), (3, 3, 3)))
            values = struct.unpack_from(f"<{w * h * 3}f", packet, at + 64)
            self.assertEqual(len(packet), at + 64 + 12 * w * h)
            for j in range(h):
                for i in range(w):
                    image[y + j][x + i] = values[(j * w + i) * 3:(j * w + i) * 3 + 3]
        # Every pixel arrived, with the values the written image holds, as OpenImageIO's own
        # oiiotool prints them (9 decimals).
        rgb = os.path.join(folder, "rgb.exr")
        subprocess.run(["oiiotool", output, "--ch", "R,G,B", "-o", rgb], check=True)
        dump = subprocess.run(["oiiotool", "--info", "--dumpdata", rgb], capture_output=True,
                              text=True, check=True).stdout
        pixels = re.findall(r"Pixel \((\d+), (\d+)\): (\S+) (\S+) (\S+)", dump)
        self.assertEqual(len(pixels), width * height)
        for x, y, *expected in pixels:
            got = image[int(y)][int(x)]
            self.assertIsNotNone(got, (x, y))
            for g, e in zip(got, expected):
                self.assertAlmostEqual(g, float(e), places=8, msg=(x, y))

    def test_an_unreachable_viewer_is_a_warning(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        folder = tempfile.mkdtemp(prefix="lrt_tev_test_")
        self.addCleanup(shutil.rmtree, folder, True)
        scene = os.path.join(SOURCE, "tests", "data", "preview", "scene.lrt")
        run = subprocess.run([LRT, "render", scene, "-o", os.path.join(folder, "a.exr"), "-q",
                              "--display-server", f"127.0.0.1:{port}"],
                             capture_output=True, text=True, timeout=120)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("--display-server: cannot connect", run.stderr)
        for bad in ["nohost", "host:", ":14158", "host:0", "host:65536", "host:port"]:
            run = subprocess.run([LRT, "render", scene, "--display-server", bad],
                                 capture_output=True, text=True, timeout=30)
            self.assertEqual(run.returncode, 2, bad)


if __name__ == "__main__":
    LRT, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[3:]])
