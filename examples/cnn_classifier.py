# A small CNN as tutorials write one (torch.nn layers, three SGD steps); each
# node knows the module that made it: pictures group by layer, :where says it.
#   backstep render examples/cnn_classifier.py -o cnn.png --var loss --module-depth 2
#   backstep debug examples/cnn_classifier.py
#   (backstep) :break module features.1   the BatchNorm2d layer's nodes
#   (backstep) :continue
#   (#..) :where        the node's module stack and the lines that made it
import torch
from torch import nn
import torch.nn.functional as F


class SmallCNN(nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 4, kernel_size=3, padding=1),
            nn.BatchNorm2d(4),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.head = nn.Linear(4 * 4 * 4, classes)

    def forward(self, x):
        x = self.features(x)
        return self.head(torch.flatten(x, 1))


torch.manual_seed(0)
model = SmallCNN()
print(model)
print("parameters:", sum(p.numel() for p in model.parameters()))

images = torch.randn(6, 1, 8, 8)
labels = torch.tensor([0, 1, 2, 0, 1, 2])
for step in range(3):
    loss = F.cross_entropy(model(images), labels)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.1 * p.grad
    print(f"step {step}: loss {loss.item():.4f}")

print("conv weight grad norm:", round(model.features[0].weight.grad.norm().item(), 4))
print("running mean:", model.features[1].running_mean)
