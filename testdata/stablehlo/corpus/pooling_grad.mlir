#loc1 = loc("select_and_scatter.2")
#loc2 = loc("select_and_scatter.3")
#loc4 = loc("select_and_scatter.6")
#loc5 = loc("select_and_scatter.7")
#loc7 = loc("reduce_window_max.3")
#loc8 = loc("reduce_window_max.4")
#loc10 = loc("select_and_scatter.11")
#loc11 = loc("select_and_scatter.12")
#loc13 = loc("select_and_scatter.15")
#loc14 = loc("select_and_scatter.16")
#loc16 = loc("reduce_window_sum.3")
#loc17 = loc("reduce_window_sum.4")
#loc19 = loc("reduce_window_sum.10")
#loc20 = loc("reduce_window_sum.11")
#loc22 = loc("x.1")
#loc23 = loc("w.1")
#loc25 = loc("select_and_scatter.18")
#loc28 = loc("reduce_window_max.7")
#loc32 = loc("select_and_scatter.19")
#loc36 = loc("reduce_window_sum.14")
#loc39 = loc("reduce_window_sum.15")
module @jit attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32> loc("select_and_scatter.2"), %arg1: tensor<f32> loc("select_and_scatter.3")) -> tensor<i1> {
    %0 = stablehlo.compare GE, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1> loc(#loc3)
    return %0 : tensor<i1> loc(#loc)
  } loc(#loc)
  func.func private @region_1.2(%arg0: tensor<f32> loc("select_and_scatter.6"), %arg1: tensor<f32> loc("select_and_scatter.7")) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32> loc(#loc6)
    return %0 : tensor<f32> loc(#loc)
  } loc(#loc)
  func.func private @region_2.3(%arg0: tensor<f32> loc("reduce_window_max.3"), %arg1: tensor<f32> loc("reduce_window_max.4")) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32> loc(#loc9)
    return %0 : tensor<f32> loc(#loc)
  } loc(#loc)
  func.func private @region_3.4(%arg0: tensor<f32> loc("select_and_scatter.11"), %arg1: tensor<f32> loc("select_and_scatter.12")) -> tensor<i1> {
    %0 = stablehlo.compare GE, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1> loc(#loc12)
    return %0 : tensor<i1> loc(#loc)
  } loc(#loc)
  func.func private @region_4.5(%arg0: tensor<f32> loc("select_and_scatter.15"), %arg1: tensor<f32> loc("select_and_scatter.16")) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32> loc(#loc15)
    return %0 : tensor<f32> loc(#loc)
  } loc(#loc)
  func.func private @region_5.6(%arg0: tensor<f32> loc("reduce_window_sum.3"), %arg1: tensor<f32> loc("reduce_window_sum.4")) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32> loc(#loc18)
    return %0 : tensor<f32> loc(#loc)
  } loc(#loc)
  func.func private @region_6.7(%arg0: tensor<f32> loc("reduce_window_sum.10"), %arg1: tensor<f32> loc("reduce_window_sum.11")) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32> loc(#loc21)
    return %0 : tensor<f32> loc(#loc)
  } loc(#loc)
  func.func @main(%arg0: tensor<2x8x8x3xf32> loc("x.1"), %arg1: tensor<2x4x4x3xf32> loc("w.1")) -> (tensor<2x8x8x3xf32>, tensor<2x8x8x3xf32>, tensor<2x8x8x3xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc24)
    %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %cst) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<f32> loc("select_and_scatter.18"), %arg3: tensor<f32> loc("select_and_scatter.18")):
      %12 = stablehlo.compare GE, %arg2, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1> loc(#loc3)
      stablehlo.return %12 : tensor<i1> loc(#loc)
    }, {
    ^bb0(%arg2: tensor<f32> loc("select_and_scatter.18"), %arg3: tensor<f32> loc("select_and_scatter.18")):
      %12 = stablehlo.add %arg2, %arg3 : tensor<f32> loc(#loc6)
      stablehlo.return %12 : tensor<f32> loc(#loc)
    }) : (tensor<2x8x8x3xf32>, tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x8x8x3xf32> loc(#loc25)
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32> loc(#loc26)
    %1 = stablehlo.pad %arg0, %cst_0, low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<2x8x8x3xf32>, tensor<f32>) -> tensor<2x9x9x3xf32> loc(#loc27)
    %2 = "stablehlo.reduce_window"(%arg0, %cst_0) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<f32> loc("reduce_window_max.7"), %arg3: tensor<f32> loc("reduce_window_max.7")):
      %12 = stablehlo.maximum %arg2, %arg3 : tensor<f32> loc(#loc9)
      stablehlo.return %12 : tensor<f32> loc(#loc)
    }) : (tensor<2x8x8x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32> loc(#loc28)
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32> loc(#loc29)
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x4x3xf32> loc(#loc30)
    %4 = stablehlo.multiply %2, %3 : tensor<2x4x4x3xf32> loc(#loc31)
    %5 = "stablehlo.select_and_scatter"(%1, %4, %cst) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<f32> loc("select_and_scatter.19"), %arg3: tensor<f32> loc("select_and_scatter.19")):
      %12 = stablehlo.compare GE, %arg2, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1> loc(#loc12)
      stablehlo.return %12 : tensor<i1> loc(#loc)
    }, {
    ^bb0(%arg2: tensor<f32> loc("select_and_scatter.19"), %arg3: tensor<f32> loc("select_and_scatter.19")):
      %12 = stablehlo.add %arg2, %arg3 : tensor<f32> loc(#loc15)
      stablehlo.return %12 : tensor<f32> loc(#loc)
    }) : (tensor<2x9x9x3xf32>, tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x9x9x3xf32> loc(#loc32)
    %6 = stablehlo.slice %5 [0:2, 0:8, 0:8, 0:3] : (tensor<2x9x9x3xf32>) -> tensor<2x8x8x3xf32> loc(#loc33)
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32> loc(#loc34)
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x8x8x3xf32> loc(#loc35)
    %8 = "stablehlo.reduce_window"(%7, %cst) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<f32> loc("reduce_window_sum.14"), %arg3: tensor<f32> loc("reduce_window_sum.14")):
      %12 = stablehlo.add %arg2, %arg3 : tensor<f32> loc(#loc18)
      stablehlo.return %12 : tensor<f32> loc(#loc)
    }) : (tensor<2x8x8x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32> loc(#loc36)
    %9 = stablehlo.divide %arg1, %8 : tensor<2x4x4x3xf32> loc(#loc37)
    %10 = stablehlo.pad %9, %cst, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 1, 1, 0] : (tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x9x9x3xf32> loc(#loc38)
    %11 = "stablehlo.reduce_window"(%10, %cst) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg2: tensor<f32> loc("reduce_window_sum.15"), %arg3: tensor<f32> loc("reduce_window_sum.15")):
      %12 = stablehlo.add %arg2, %arg3 : tensor<f32> loc(#loc21)
      stablehlo.return %12 : tensor<f32> loc(#loc)
    }) : (tensor<2x9x9x3xf32>, tensor<f32>) -> tensor<2x8x8x3xf32> loc(#loc39)
    return %0, %6, %11 : tensor<2x8x8x3xf32>, tensor<2x8x8x3xf32>, tensor<2x8x8x3xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("ge.1")
#loc6 = loc("add.1")
#loc9 = loc("reduce_window_max.5")
#loc12 = loc("ge.3")
#loc15 = loc("add.3")
#loc18 = loc("reduce_window_sum.5")
#loc21 = loc("reduce_window_sum.12")
#loc24 = loc("constant.6")
#loc26 = loc("constant.7")
#loc27 = loc("pad.2")
#loc29 = loc("constant.5")
#loc30 = loc("mul.2")
#loc31 = loc("mul.3")
#loc33 = loc("slice.1")
#loc34 = loc("constant.4")
#loc35 = loc("broadcast_in_dim.1")
#loc37 = loc("div.1")
#loc38 = loc("pad.3")
