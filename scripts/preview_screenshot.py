#!/usr/bin/env python3
"""Takes docs/images/preview.png: `lrt preview scenes/shaders.lrt` in headless Chromium, finished,
with the pixel debugger open on a pixel of the Marble sphere (found through /api/pixel).

Usage (Debian's python3, with python3-selenium): scripts/preview_screenshot.py LRT OUTPUT.png
"""
import http.client
import json
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def main():
    lrt, output = sys.argv[1], sys.argv[2]
    server = subprocess.Popen([lrt, "preview", "scenes/shaders.lrt"], stdout=subprocess.PIPE,
                              text=True)
    try:
        url = re.match(r"^preview: (\S+)$", server.stdout.readline()).group(1)
        port, token = re.match(r"http://127\.0\.0\.1:(\d+)/\?token=(\w+)", url).groups()

        def get(path):
            connection = http.client.HTTPConnection("127.0.0.1", int(port))
            connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}",
                                                     "Authorization": "Bearer " + token})
            return json.loads(connection.getresponse().read())

        while get("/api/status")["state"] != "done":
            time.sleep(0.1)
        status = get("/api/status")
        width, height = status["width"], status["height"]
        # The Marble sphere's centre: the mean of the pixels of a coarse grid that hit it.
        hits = [(x, y) for y in range(0, height, 16) for x in range(0, width, 16)
                if (get(f"/api/pixel?x={x}&y={y}")["hit"] or {}).get("surface") == "Marble.cg"]
        marble = (sum(x for x, _ in hits) // len(hits), sum(y for _, y in hits) // len(hits))

        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--window-size=1700,760", "--hide-scrollbars"]:
            options.add_argument(argument)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            browser.get(url)
            wait = WebDriverWait(browser, 60)
            wait.until(lambda b: b.find_element(By.ID, "state").text == "done"
                       and b.find_element(By.ID, "image").get_attribute("data-pass") == "4")
            # The page's own click handler, given where on the image the click fell.
            browser.execute_script(
                "const image = document.getElementById('image');"
                "debugPixel({offsetX: (arguments[0] + 0.5) * image.clientWidth / arguments[2],"
                "            offsetY: (arguments[1] + 0.5) * image.clientHeight / arguments[3]});",
                marble[0], marble[1], width, height)
            try:
                wait.until(lambda b: "Marble.cg:" in b.find_element(By.ID, "pixel-info").text)
            finally:
                time.sleep(0.3)
                browser.save_screenshot(output)
        finally:
            browser.quit()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
