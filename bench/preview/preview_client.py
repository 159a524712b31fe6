"""A running `lrt preview` and its /api/status, for the preview benchmarks."""
import http.client
import json
import os
import re
import subprocess
import time


class PreviewServer:
    """`lrt preview SCENE` started in `folder`; stopped on leaving the `with` block."""

    def __init__(self, lrt, scene, folder):
        self.server = subprocess.Popen([lrt, "preview", scene], cwd=folder,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.server.stdout.readline()
        self.port, self.token = re.match(r"preview: http://127\.0\.0\.1:(\d+)/\?token=(\w+)",
                                         line).groups()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.server.terminate()
        self.server.wait(timeout=30)

    def status(self):
        # A connection per request, as a polling page's requests may each be.
        connection = http.client.HTTPConnection("127.0.0.1", int(self.port), timeout=30)
        connection.request("GET", "/api/status", headers={
            "Host": f"127.0.0.1:{self.port}", "Authorization": "Bearer " + self.token})
        try:
            return json.loads(connection.getresponse().read())
        finally:
            connection.close()

    def wait(self, condition):
        """Polls /api/status every millisecond until `condition(status)`; returns that status."""
        while True:
            s = self.status()
            if condition(s):
                return s
            time.sleep(0.001)


def save_by_rename(path, text):
    """Saves as editors do (a new file renamed over the old); returns the time of the rename."""
    with open(path + ".tmp", "w") as f:
        f.write(text)
    start = time.perf_counter()
    os.rename(path + ".tmp", path)
    return start
